import { expect } from 'vitest';
import type { ChurchSession } from './church-session.js';

/** The academic year of the classes the tests add, unless a test names another. */
export const CLASS_YEAR = '2025-2026';

/** Adds a class through POST /api/classes as `s` (in CLASS_YEAR unless the body names a year) and
 * answers it; any answer but 201 fails the test. */
export async function addClass(s: ChurchSession, body: Record<string, unknown>) {
  const res = await s.post('/api/classes', { academic_year: CLASS_YEAR, ...body });
  expect(res.status, res.body.message).toBe(201);
  return res.body.data;
}
