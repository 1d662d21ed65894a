import { isConsumerMail, signsInWithGoogleOnly } from '../../../../common/constants';
import { trpc } from '../../lib/trpc';

/**
 * Whether Google sign-in is configured on this server, which decides whether Gmail addresses sign in
 * with Google only (`signsInWithGoogleOnly`). Asked of the server once per page load, and only once
 * `needed` (a Gmail address has been typed), so the sign-in screen costs no request for it otherwise.
 * Until the answer arrives, or if it cannot, Google is assumed: the server decides either way, and
 * a Google start on a server without it says so.
 */
export function useGoogleConfigured(needed = true): boolean {
  const options = trpc.auth.signInOptions.useQuery(undefined, { enabled: needed, staleTime: Infinity, gcTime: Infinity, retry: 1 });
  return options.data?.google ?? true;
}

/** `signsInWithGoogleOnly` for an address typed into a form, with this server's answer. */
export function useSignsInWithGoogleOnly(email: string): boolean {
  const consumerMail = isConsumerMail(email);
  return signsInWithGoogleOnly(email, useGoogleConfigured(consumerMail));
}
