import type { z } from 'zod';

/** The first message per field of a failed zod parse, keyed by the field name. */
export function fieldErrors<T extends string>(error: z.ZodError): Partial<Record<T, string>> {
  const out: Partial<Record<T, string>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in out)) out[field as T] = issue.message;
  }
  return out;
}
