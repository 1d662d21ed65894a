import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';

/**
 * A local OpenID Connect provider standing in for Google, an HTTP server in the test's own process:
 * - GET /authorize redirects straight back to the redirect URI with a code (or with
 *   error=access_denied after `denyNext()`), as Google does once the person has chosen an account;
 * - POST /token checks the client's credentials, the redirect URI and the PKCE verifier against the
 *   code's challenge, accepts each code once, and answers an id_token signed RS256 with a key made
 *   here by jose;
 * - GET /jwks publishes the public key.
 * `signInAs` chooses the Google account of the next authorizations; `tamperNext` changes the claims
 * (or the signing key) of the next id_token, for the tests of what the server must refuse.
 */
interface FakeGoogleAccount {
  sub: string;
  email: string;
  email_verified?: boolean;
  name?: string;
  /** A Google Workspace account's domain (the `hd` claim); Gmail accounts have none. */
  hd?: string;
}

interface TokenTampering {
  /** Claims put over the real ones (aud, iss, exp, nonce, email_verified, ...). */
  claims?: Record<string, unknown>;
  /** Signed with a key the JWKS does not publish. */
  foreignKey?: boolean;
}

interface IssuedCode {
  account: FakeGoogleAccount;
  clientId: string;
  redirectUri: string;
  challenge: string;
  nonce: string | null;
  used: boolean;
}

export interface FakeOidcProvider {
  issuer: string;
  clientId: string;
  /** The server's GOOGLE_* configuration pointing at this provider. */
  env: Record<string, string>;
  signInAs(account: FakeGoogleAccount): void;
  /** The next authorization is refused as a person cancelling the consent screen does. */
  denyNext(): void;
  tamperNext(tampering: TokenTampering): void;
  /** The query of the last authorization request (what the server asked for). */
  lastAuthorization(): URLSearchParams | undefined;
  close(): Promise<void>;
}

/** A Google client that is configured but never reached: for tests of what changes once Google
 * sign-in is configured (Gmail addresses sign in with Google only), not of the sign-in itself. */
export const GOOGLE_CONFIGURED_ENV = {
  GOOGLE_CLIENT_ID: 'configured-but-unused.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'unused-secret',
};

const CLIENT_ID = 'sunday-school-test.apps.googleusercontent.com';
const CLIENT_SECRET = 'fake-client-secret';
const KEY_ID = 'fake-key-1';

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

async function readBody(req: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

export async function startFakeOidcProvider(): Promise<FakeOidcProvider> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const foreign = await generateKeyPair('RS256');
  const publicJwk: JWK = { ...await exportJWK(publicKey), kid: KEY_ID, alg: 'RS256', use: 'sig' };
  const codes = new Map<string, IssuedCode>();
  let account: FakeGoogleAccount = { sub: '100000000000000000001', email: 'someone@gmail.com', name: 'Some One' };
  let deny = false;
  let tampering: TokenTampering | undefined;
  let lastQuery: URLSearchParams | undefined;
  let issuer = '';

  async function idToken(code: IssuedCode) {
    const extra = tampering;
    tampering = undefined;
    const now = Math.floor(Date.now() / 1000);
    const claims: Record<string, unknown> = {
      iss: issuer, aud: code.clientId, sub: code.account.sub, azp: code.clientId,
      email: code.account.email, email_verified: code.account.email_verified ?? true,
      ...(code.account.name ? { name: code.account.name } : {}),
      ...(code.account.hd ? { hd: code.account.hd } : {}),
      ...(code.nonce ? { nonce: code.nonce } : {}),
      iat: now, exp: now + 3600,
      ...extra?.claims,
    };
    return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: KEY_ID, typ: 'JWT' })
      .sign(extra?.foreignKey ? foreign.privateKey : privateKey);
  }

  async function token(req: IncomingMessage, res: ServerResponse) {
    const form = new URLSearchParams(await readBody(req));
    const basic = (req.headers.authorization ?? '').replace(/^Basic /, '');
    const [id, secret] = Buffer.from(basic, 'base64').toString('utf8').split(':');
    if (id !== CLIENT_ID || secret !== CLIENT_SECRET) return json(res, 401, { error: 'invalid_client' });
    if (form.get('grant_type') !== 'authorization_code') return json(res, 400, { error: 'unsupported_grant_type' });
    const code = codes.get(form.get('code') ?? '');
    if (!code || code.used) return json(res, 400, { error: 'invalid_grant', error_description: 'Bad Request' });
    code.used = true; // a code is good once, even when this exchange fails
    if (form.get('redirect_uri') !== code.redirectUri) return json(res, 400, { error: 'redirect_uri_mismatch' });
    if (s256(form.get('code_verifier') ?? '') !== code.challenge) {
      return json(res, 400, { error: 'invalid_grant', error_description: 'Invalid code verifier.' });
    }
    return json(res, 200, {
      access_token: randomBytes(16).toString('hex'), token_type: 'Bearer', expires_in: 3599,
      scope: 'openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile',
      id_token: await idToken(code),
    });
  }

  function authorize(url: URL, res: ServerResponse) {
    const query = url.searchParams;
    lastQuery = query;
    const redirectUri = query.get('redirect_uri') ?? '';
    const back = new URL(redirectUri);
    const state = query.get('state');
    const scopes = (query.get('scope') ?? '').split(' ');
    const valid = query.get('client_id') === CLIENT_ID && query.get('response_type') === 'code'
      && query.get('code_challenge_method') === 'S256' && query.get('code_challenge')
      && ['openid', 'email', 'profile'].every((scope) => scopes.includes(scope));
    if (!valid) return json(res, 400, { error: 'invalid_request' });
    if (deny) {
      deny = false;
      back.searchParams.set('error', 'access_denied');
    } else {
      const code = `4/${randomBytes(24).toString('base64url')}`;
      codes.set(code, {
        account, clientId: CLIENT_ID, redirectUri, challenge: query.get('code_challenge')!, nonce: query.get('nonce'), used: false,
      });
      back.searchParams.set('code', code);
      back.searchParams.set('scope', query.get('scope')!);
    }
    if (state) back.searchParams.set('state', state);
    res.writeHead(302, { location: back.toString() });
    res.end();
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const route = `${req.method} ${url.pathname}`;
    const handled = route === 'GET /authorize' ? authorize(url, res)
      : route === 'POST /token' ? token(req, res)
        : route === 'GET /jwks' ? json(res, 200, { keys: [publicJwk] })
          : json(res, 404, { error: 'not_found' });
    Promise.resolve(handled).catch((error: unknown) => json(res, 500, { error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    issuer,
    clientId: CLIENT_ID,
    env: {
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
      GOOGLE_AUTHORIZATION_URL: `${issuer}/authorize`,
      GOOGLE_TOKEN_URL: `${issuer}/token`,
      GOOGLE_JWKS_URL: `${issuer}/jwks`,
      GOOGLE_ISSUER: issuer,
    },
    signInAs: (next) => { account = next; },
    denyNext: () => { deny = true; },
    tamperNext: (next) => { tampering = next; },
    lastAuthorization: () => lastQuery,
    close: () => new Promise<void>((resolve, reject) => {
      server.closeAllConnections();
      server.close((error) => (error ? reject(error) : resolve()));
    }),
  };
}
