import { describe, expect, it } from 'vitest';
import { weekOf } from '../../common/follow-up.js';

describe('weekOf: the church\'s week, Monday to Sunday', () => {
  it('answers the Monday and Sunday around any day of the week', () => {
    // 2026-11-23 is a Monday, 2026-11-29 a Sunday.
    for (const day of ['2026-11-23', '2026-11-26', '2026-11-28', '2026-11-29']) {
      expect(weekOf(day)).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    }
    expect(weekOf('2026-11-30')).toEqual({ from: '2026-11-30', to: '2026-12-06' });
  });

  it('crosses months and years', () => {
    expect(weekOf('2027-01-01')).toEqual({ from: '2026-12-28', to: '2027-01-03' });
    expect(weekOf('2024-02-29')).toEqual({ from: '2024-02-26', to: '2024-03-03' });
  });
});
