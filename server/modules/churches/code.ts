import { randomInt } from 'node:crypto';
import { CHURCH_CODE_LENGTH } from '../../../common/constants.js';

/** Uppercase letters and digits without the ones read alike on paper or a phone: 0/O, 1/I/L. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/**
 * A new church code: six characters drawn at random by the CSPRNG (31^6, about 887 million codes),
 * so no code says anything about the one registered before it. Uniqueness is the caller's: the
 * insert draws again when the code is taken.
 */
export function newChurchCode(): string {
  let code = '';
  for (let i = 0; i < CHURCH_CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}
