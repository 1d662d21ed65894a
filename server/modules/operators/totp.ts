import { Secret, TOTP } from 'otpauth';

/** The authenticator app shows this name beside the operator's address. */
const ISSUER = 'Sunday School Admin';
const PERIOD_SECONDS = 30;
/** One step either side of now is accepted, for a phone whose clock is a little off. */
const WINDOW_STEPS = 1;

const totpOf = (secret: string, account: string) => new TOTP({
  issuer: ISSUER, label: account, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret),
});

/** A new secret of 160 bits (the size RFC 4226 recommends for SHA-1), in base32. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** What an authenticator app scans: otpauth://totp/<issuer>:<account>?secret=…&issuer=… */
export const otpauthUri = (secret: string, account: string): string => totpOf(secret, account).toString();

/** The time step of `code` when it is valid now for `secret`, else null (also for no secret: one
 * that could not be opened). The caller refuses a step at or before the last one it accepted, so a
 * code works once. */
export function acceptedStep(secret: string | null, code: string, now = Date.now()): number | null {
  if (secret === null || !/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret, 'operator').validate({ token: code, timestamp: now, window: WINDOW_STEPS });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}
