import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';

/**
 * A catalogue file is ARB (Application Resource Bundle: JSON with ICU MessageFormat messages, read by
 * the usual translation tools): `"id": "message"`, with `"@id": { ... }` beside it for the translator
 * (a description in English, and in a translation `x-source`, the English it was made from) and
 * `"@@..."` entries for the whole file. Only the messages are compiled; the rest is for people.
 */
export type ArbFile = Record<string, unknown>;

/** The messages of an ARB file, without its metadata. */
export function messagesOf(arb: ArbFile): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const [key, value] of Object.entries(arb)) {
    if (key.startsWith('@')) continue;
    if (typeof value !== 'string') throw new Error(`Catalogue entry ${key} is not a string`);
    messages[key] = value;
  }
  return messages;
}

/**
 * The messages compiled for Lingui's runtime (which then needs no parser): done when the client is
 * built and when the server starts. A message that does not parse fails the build.
 */
export function compileCatalogue(arb: ArbFile): Record<string, CompiledMessage> {
  const compiled: Record<string, CompiledMessage> = {};
  for (const [id, message] of Object.entries(messagesOf(arb))) {
    try {
      compiled[id] = compileMessageOrThrow(message);
    } catch (error) {
      throw new Error(`Message ${id} does not parse: ${(error as Error).message}`, { cause: error });
    }
  }
  return compiled;
}
