import { describe, expect, it } from 'vitest';
import { negotiateLocale } from '../../common/i18n/locales.js';

describe('negotiateLocale', () => {
  it('takes the first tag we speak, by its primary language', () => {
    expect(negotiateLocale(['ml-IN', 'en-US'])).toBe('ml');
    expect(negotiateLocale(['fr-FR', 'ta', 'hi-IN'])).toBe('ta');
    expect(negotiateLocale(['HI_in'])).toBe('hi');
    expect(negotiateLocale([' en-GB '])).toBe('en');
  });
  it('falls back to English when no tag is ours', () => {
    expect(negotiateLocale([])).toBe('en');
    expect(negotiateLocale(['fr-FR', 'de', '*'])).toBe('en');
    expect(negotiateLocale([''])).toBe('en');
  });
  it('does not take a language that only starts like ours', () => {
    expect(negotiateLocale(['mlx', 'tam', 'hin'])).toBe('en');
  });
});
