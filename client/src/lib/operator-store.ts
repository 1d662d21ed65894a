/**
 * The operator console's sign-in in this page. The session itself is an HttpOnly cookie, limited to
 * /api/admin, that no script of the page can read; the page keeps, in memory only, whether it is
 * signed out (after a 401 or a sign-out, so the console stops asking) and the session's CSRF token,
 * which the tRPC link sends with the console's calls (lib/trpc.ts). Nothing of it is kept in
 * localStorage: the key an earlier version kept the operator's token under is removed at load.
 * Small on purpose: the link and the query client read it from the first chunk.
 */
const LEGACY_TOKEN_KEY = 'sundayschool.operator.token';
try {
  localStorage.removeItem(LEGACY_TOKEN_KEY);
} catch {
  // storage disabled: nothing was kept there either
}

type Listener = () => void;
const listeners = new Set<Listener>();

/** Until a 401 or a sign-out, the page may hold a session (the cookie, which only the server sees). */
let signedOut = false;
let csrfToken: string | null = null;

function emit() {
  for (const listener of listeners) listener();
}

export const isOperatorSignedOut = (): boolean => signedOut;
export const getOperatorCsrfToken = (): string | null => csrfToken;

/** A verified session (sign-in, or operatorAuth.session at load): its CSRF token. */
export function operatorSignedIn(token: string | null) {
  const changed = signedOut;
  signedOut = false;
  csrfToken = token;
  if (changed) emit();
}

export function operatorSignedOut() {
  if (signedOut) return;
  signedOut = true;
  csrfToken = null;
  emit();
}

export function subscribeOperatorSession(listener: Listener) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The console's procedures: `admin.*` and `operatorAuth.*`. */
export const isOperatorPath = (path: string) => path.startsWith('admin.') || path.startsWith('operatorAuth.');

/** Whether a React Query key (tRPC's: `[['admin', 'churches', 'list'], …]`) is of a console call. */
export function isOperatorKey(key: readonly unknown[] | undefined): boolean {
  const path = key?.[0];
  return Array.isArray(path) && (path[0] === 'admin' || path[0] === 'operatorAuth');
}
