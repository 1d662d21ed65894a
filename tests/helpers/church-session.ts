import type { Database } from '../../server/db/index.js';
import { api, createChurch, TEST_PASSWORD, type ApiAnswer, type ChurchOptions, type Json } from './fixtures.js';

/** A tRPC answer as the tests read it: the HTTP status and the JSON body (`result` or `error`). */
interface TrpcAnswer {
  status: number;
  body: Json;
}

/** A church user signed in through POST /api/auth/login: the session of the login's answer, and
 * calls made as that user (the bearer token and the church code sent with each). */
export interface ChurchSession {
  token: string;
  code: string;
  user: Json;
  church: Json;
  /** The two headers that make a request this user's, for a request the calls below do not make
   * (a form upload, a raw body, a header of the test's own). */
  headers: { authorization: string; 'x-church-code': string };
  /** A REST call; `body` is sent as JSON. */
  request<T = Json>(method: string, path: string, body?: unknown): Promise<ApiAnswer<T>>;
  get<T = Json>(path: string): Promise<ApiAnswer<T>>;
  post<T = Json>(path: string, body?: unknown): Promise<ApiAnswer<T>>;
  put<T = Json>(path: string, body?: unknown): Promise<ApiAnswer<T>>;
  delete<T = Json>(path: string, body?: unknown): Promise<ApiAnswer<T>>;
  /** A tRPC query: GET /trpc/<procedure>, the input (when given) as ?input=. */
  query(procedure: string, input?: unknown): Promise<TrpcAnswer>;
  /** A tRPC mutation: POST /trpc/<procedure> with the input as JSON. */
  mutate(procedure: string, input: unknown): Promise<TrpcAnswer>;
}

/** Signs a church user in through POST /api/auth/login (TEST_PASSWORD unless given) and answers the
 * session with the calls made as that user; a refused sign-in throws. */
export async function signIn(baseUrl: string, code: string, email: string, password = TEST_PASSWORD): Promise<ChurchSession> {
  const res = await api(baseUrl, 'POST', '/api/auth/login', { body: { church_code: code, email, password } });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.body.message}`);
  const token = res.body.data.token as string;
  const headers = { authorization: `Bearer ${token}`, 'x-church-code': code };
  const request = <T = Json>(method: string, path: string, body?: unknown) => api<T>(baseUrl, method, path, { token, code, body });
  const trpc = async (path: string, init: RequestInit): Promise<TrpcAnswer> => {
    const answer = await fetch(`${baseUrl}/trpc/${path}`, init);
    return { status: answer.status, body: await answer.json() };
  };
  return {
    token, code, user: res.body.data.user, church: res.body.data.church, headers,
    request,
    get: (path) => request('GET', path),
    post: (path, body) => request('POST', path, body),
    put: (path, body) => request('PUT', path, body),
    delete: (path, body) => request('DELETE', path, body),
    query: (procedure, input) => trpc(
      input === undefined ? procedure : `${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers },
    ),
    mutate: (procedure, input) => trpc(procedure, {
      method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(input),
    }),
  };
}

export const CHURCH_ROLES = ['super_admin', 'principal', 'teacher', 'guest'] as const;
export type ChurchRole = (typeof CHURCH_ROLES)[number];

/** A church of createChurch with one user of each of `roles` (all four by default), each signed in:
 * `s[role]` is that user's session. `target` is the app the users sign in on. */
export async function churchWithSessions<R extends ChurchRole = ChurchRole>(
  target: { db: Database; url: string },
  options: Omit<ChurchOptions, 'roles'> & { roles?: readonly R[] } = {},
) {
  const roles: readonly R[] = options.roles ?? (CHURCH_ROLES as readonly ChurchRole[] as readonly R[]);
  const made = await createChurch(target.db, { ...options, roles: [...roles] });
  const sessions = await Promise.all(roles.map((role) => signIn(target.url, made.code, made.users[role].email)));
  return { ...made, s: Object.fromEntries(roles.map((role, i) => [role, sessions[i]])) as Record<R, ChurchSession> };
}

/** churchWithSessions' answer; `R` the roles signed in (all four by default). */
export type ChurchWithSessions<R extends ChurchRole = ChurchRole> = Awaited<ReturnType<typeof churchWithSessions<R>>>;
