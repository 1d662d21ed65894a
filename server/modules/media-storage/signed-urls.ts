import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Addresses of gallery files that work without the session: an <img> or <video> cannot send the
 * bearer token, and the token must never sit in a URL (history, logs, Referer). An address names
 * the church, the stored file and an expiry, and carries an HMAC of the three under a server key,
 * so it cannot be re-pointed at another file or church or kept past its minutes.
 *
 * Expiries are rounded up to a step, so the same file gets the same address for a while and the
 * browser's private cache can serve a page it has seen.
 */
export interface MediaUrlSigner {
  /** `/api/gallery/image/<fileName>?church=..&expires=..&signature=..` */
  urlFor(churchId: string, fileName: string): string;
  /** When the addresses made now stop working (ISO date-time). */
  expiryOfNew(): Date;
  /** True when `signature` is the signer's for this church, file and expiry, and it has not passed. */
  verify(params: { churchId: string; fileName: string; expires: number; signature: string }): boolean;
}

const EXPIRY_STEP_SECONDS = 5 * 60;

export function createMediaUrlSigner(options: { secret?: string; ttlMinutes: number; now?: () => number }): MediaUrlSigner {
  const key = options.secret ? Buffer.from(options.secret, 'utf8') : randomBytes(32);
  const nowMs = options.now ?? Date.now;
  const sign = (churchId: string, fileName: string, expires: number) =>
    createHmac('sha256', key).update(`${churchId}\n${fileName}\n${expires}`).digest();

  const expiresAt = () => {
    const earliest = Math.floor(nowMs() / 1000) + options.ttlMinutes * 60;
    return Math.ceil(earliest / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
  };

  return {
    urlFor(churchId, fileName) {
      const expires = expiresAt();
      const query = new URLSearchParams({ church: churchId, expires: String(expires), signature: sign(churchId, fileName, expires).toString('base64url') });
      return `/api/gallery/image/${encodeURIComponent(fileName)}?${query.toString()}`;
    },
    expiryOfNew: () => new Date(expiresAt() * 1000),
    verify({ churchId, fileName, expires, signature }) {
      if (!Number.isSafeInteger(expires) || expires * 1000 <= nowMs()) return false;
      const given = Buffer.from(signature, 'base64url');
      const expected = sign(churchId, fileName, expires);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
