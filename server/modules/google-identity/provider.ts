import { CodeChallengeMethod, OAuth2Client, OAuth2RequestError, type OAuth2Tokens } from 'arctic';
import { createRemoteJWKSet, errors as jose, jwtVerify, type JWTPayload } from 'jose';
import { GOOGLE_CALLBACK_PATH, MESSAGES } from '../../../common/constants.js';
import type { Config } from '../../config.js';
import { AppError, serviceUnavailable, unauthorized } from '../../core/errors.js';

/** openid for the id_token, email for the address and whether Google verified it, profile for the name. */
const SCOPES = ['openid', 'email', 'profile'];
/** A provider that does not answer the code exchange within this long fails the sign-in with a 503
 * rather than holding the request (arctic's fetch has no timeout of its own). */
const EXCHANGE_TIMEOUT_MS = 10_000;
const JWKS_TIMEOUT_MS = 5_000;
/** Tolerated clock difference between this server and the provider for exp, iat and nbf. */
const CLOCK_TOLERANCE_SECONDS = 30;
/** Google issues id_tokens under either spelling of its issuer. */
const GOOGLE_ISSUER = 'https://accounts.google.com';
const GOOGLE_ISSUER_ALIASES = [GOOGLE_ISSUER, 'accounts.google.com'];

type GoogleConfig = Pick<Config, 'PUBLIC_URL' | 'GOOGLE_CLIENT_ID' | 'GOOGLE_CLIENT_SECRET' | 'GOOGLE_AUTHORIZATION_URL'
  | 'GOOGLE_TOKEN_URL' | 'GOOGLE_JWKS_URL' | 'GOOGLE_ISSUER'>;

/** Who the provider says signed in: its stable subject, and a verified address. */
export interface GoogleIdentity {
  subject: string;
  email: string;
  name: string | undefined;
  /** The Google Workspace domain of the account (the `hd` claim), lowercased; none for Gmail. */
  hostedDomain: string | undefined;
}

/** What one flow keeps between its start and its completion (flow.ts keeps it in a cookie). */
export interface FlowSecrets {
  state: string;
  codeVerifier: string;
  nonce: string;
}

const tokenInvalid = () => unauthorized(MESSAGES.googleTokenInvalid, { reason: 'google_token' });
const unreachable = () => serviceUnavailable(MESSAGES.googleUnavailable, { reason: 'google_unavailable' });

/**
 * The OpenID Connect provider (Google, or what GOOGLE_* points at): the authorization URL of a flow,
 * and the identity behind an authorization code. The code is exchanged with the PKCE verifier and
 * the client secret; the id_token of the answer is trusted only once jose has checked its signature
 * against the provider's published keys (fetched once, then again only for an unknown key id), its
 * issuer, its audience (this client), its expiry, the flow's nonce, and that the provider verified
 * the address: an unverified address could be anybody's, and users are linked by address once.
 */
export class GoogleProvider {
  private readonly client: OAuth2Client;
  private readonly keys: ReturnType<typeof createRemoteJWKSet>;
  private readonly issuers: string[];

  constructor(private readonly config: GoogleConfig & { GOOGLE_CLIENT_ID: string; GOOGLE_CLIENT_SECRET: string }) {
    this.client = new OAuth2Client(config.GOOGLE_CLIENT_ID, config.GOOGLE_CLIENT_SECRET, redirectUri(config));
    this.keys = createRemoteJWKSet(new URL(config.GOOGLE_JWKS_URL), { timeoutDuration: JWKS_TIMEOUT_MS });
    this.issuers = config.GOOGLE_ISSUER === GOOGLE_ISSUER ? GOOGLE_ISSUER_ALIASES : [config.GOOGLE_ISSUER];
  }

  authorizationUrl(flow: FlowSecrets, loginHint?: string): string {
    const url = this.client.createAuthorizationURLWithPKCE(
      this.config.GOOGLE_AUTHORIZATION_URL, flow.state, CodeChallengeMethod.S256, flow.codeVerifier, SCOPES,
    );
    url.searchParams.set('nonce', flow.nonce);
    // Google shows its account chooser (a person may have several accounts), the typed one first.
    url.searchParams.set('prompt', 'select_account');
    if (loginHint) url.searchParams.set('login_hint', loginHint);
    return url.toString();
  }

  /** The verified identity behind `code`, or an AppError: 401 for anything the caller sent wrong,
   * 503 when the provider could not be reached. */
  async identityFromCode(code: string, flow: FlowSecrets): Promise<GoogleIdentity> {
    const idToken = await this.exchange(code, flow.codeVerifier);
    const claims = await this.verify(idToken);
    if (claims.nonce !== flow.nonce) throw tokenInvalid();
    // Several audiences: the token must have been issued to this client (OIDC Core 3.1.3.7).
    if (Array.isArray(claims.aud) && claims.aud.length > 1 && claims.azp !== this.config.GOOGLE_CLIENT_ID) throw tokenInvalid();
    const { sub, email, email_verified: verified, name, hd } = claims as JWTPayload & { email?: unknown; email_verified?: unknown; name?: unknown; hd?: unknown };
    if (typeof sub !== 'string' || !sub || typeof email !== 'string' || !email.includes('@')) throw tokenInvalid();
    if (verified !== true) throw unauthorized(MESSAGES.googleEmailUnverified, { reason: 'google_email_unverified' });
    return {
      subject: sub,
      email: email.trim(),
      name: typeof name === 'string' && name.trim() ? name.trim() : undefined,
      hostedDomain: typeof hd === 'string' && hd.trim() ? hd.trim().toLowerCase() : undefined,
    };
  }

  private async exchange(code: string, codeVerifier: string): Promise<string> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(unreachable()), EXCHANGE_TIMEOUT_MS);
    });
    let tokens: OAuth2Tokens;
    try {
      tokens = await Promise.race([
        this.client.validateAuthorizationCode(this.config.GOOGLE_TOKEN_URL, code, codeVerifier),
        timeout,
      ]);
    } catch (error) {
      if (error instanceof AppError) throw error;
      // The provider refused the code: used before, expired, or not matching the PKCE verifier.
      if (error instanceof OAuth2RequestError) throw unauthorized(MESSAGES.googleLoginFailed, { reason: 'google_code' });
      throw unreachable();
    } finally {
      clearTimeout(timer);
    }
    try {
      return tokens.idToken();
    } catch {
      throw tokenInvalid(); // an answer without an id_token is not a sign-in
    }
  }

  private async verify(idToken: string): Promise<JWTPayload> {
    try {
      const { payload } = await jwtVerify(idToken, this.keys, {
        issuer: this.issuers,
        audience: this.config.GOOGLE_CLIENT_ID,
        algorithms: ['RS256'],
        requiredClaims: ['sub', 'exp', 'iat'],
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
      });
      return payload;
    } catch (error) {
      // The keys could not be had (timeout, network, an answer that is not a key set): try later.
      // Anything else is a token this server must not trust.
      const keysUnavailable = !(error instanceof jose.JOSEError) || error instanceof jose.JWKSTimeout
        || error instanceof jose.JWKSInvalid || error.code === jose.JOSEError.code;
      throw keysUnavailable ? unreachable() : tokenInvalid();
    }
  }
}

/** Where the provider sends the browser back: a client screen, which posts the code to the server. */
const redirectUri = (config: Pick<Config, 'PUBLIC_URL'>) =>
  `${config.PUBLIC_URL.replace(/\/+$/, '')}${GOOGLE_CALLBACK_PATH}`;

/** The provider when a client id and secret are configured; without them Google sign-in is off. */
export function createGoogleProvider(config: GoogleConfig): GoogleProvider | undefined {
  const { GOOGLE_CLIENT_ID: clientId, GOOGLE_CLIENT_SECRET: clientSecret } = config;
  if (!clientId || !clientSecret) return undefined;
  return new GoogleProvider({ ...config, GOOGLE_CLIENT_ID: clientId, GOOGLE_CLIENT_SECRET: clientSecret });
}
