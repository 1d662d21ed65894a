/**
 * The operator console's sign-in of this browser: the operator's session token, kept under its own
 * key, apart from a church session (session-store.ts). A browser may hold both; the tRPC link sends
 * this token on the console's calls only (lib/trpc.ts), and never the church's token there.
 * Small on purpose: the link and the query client read it from the first chunk.
 */
const OPERATOR_TOKEN_KEY = 'sundayschool.operator.token';

type Listener = () => void;
const listeners = new Set<Listener>();

function readStorage(): string | null {
  try {
    return localStorage.getItem(OPERATOR_TOKEN_KEY);
  } catch {
    return null; // storage disabled: the sign-in lasts as long as the page
  }
}

let current: string | null = readStorage();

function emit() {
  for (const listener of listeners) listener();
}

export const getOperatorToken = (): string | null => current;

export function saveOperatorToken(token: string) {
  current = token;
  try {
    localStorage.setItem(OPERATOR_TOKEN_KEY, token);
  } catch {
    // keep the in-memory copy only
  }
  emit();
}

export function clearOperatorToken() {
  if (current === null && readStorage() === null) return;
  current = null;
  try {
    localStorage.removeItem(OPERATOR_TOKEN_KEY);
  } catch {
    // nothing stored
  }
  emit();
}

export function subscribeOperatorToken(listener: Listener) {
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

// Signing in or out of the console in another tab changes this tab too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== null && event.key !== OPERATOR_TOKEN_KEY) return;
    const next = readStorage();
    if (next === current) return;
    current = next;
    emit();
  });
}
