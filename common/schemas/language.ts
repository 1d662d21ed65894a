import { z } from 'zod';
import { LOCALES } from '../i18n/locales.js';

export const LANGUAGE_MESSAGES = {
  invalid: `Language must be one of ${LOCALES.join(', ')}`,
} as const;

/** One of the languages the church area speaks, by its code (en, ml, ta, hi). */
export const languageSchema = z.enum(LOCALES, { error: LANGUAGE_MESSAGES.invalid });

/** PUT /api/auth/language (the signed-in user's own) and PUT /api/churches/language (the church's default). */
export const setLanguageInput = z.object({ language: languageSchema });
