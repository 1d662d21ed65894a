import { serverMessage } from '../../../lib/errors';

/**
 * A console failure in words: the action's prefix and the server's message when
 * the server answered (e.g. 'Failed to delete user: ' + why), otherwise the request-error text.
 */
export function failureText(error: unknown, prefix: string, requestError: string): string {
  const message = serverMessage(error, '');
  return message ? prefix + message : requestError;
}
