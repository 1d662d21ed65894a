import { z } from 'zod';

/** C0 control characters and DEL, except tab, line feed and carriage return. PostgreSQL refuses NUL
 * in text outright, and none of these belongs in a name, an address or a search. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const CONTROL_CHARACTERS_MESSAGE = 'This field must not contain control characters.';

const hasNoControlCharacters = (value: string) => !CONTROL_CHARACTERS.test(value);

/** Every text input of the shared schemas starts here (or refines with hasNoControlCharacters). */
export const plainString = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(hasNoControlCharacters, CONTROL_CHARACTERS_MESSAGE);
