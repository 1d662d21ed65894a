import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Addresses of gallery files that work without the session: an <img> or <video> cannot send the
 * bearer token, and the token must never sit in a URL (history, logs, Referer). An address names
 * the church, the stored file, an expiry and its audience, and carries an HMAC of the four under a
 * server key, so it cannot be re-pointed at another file or church, kept past its minutes, or turned
 * from a guest's address into a manager's.
 *
 * The audience says what a fetch must still check: a manager's address ('m') is served on its
 * signature alone; a guest's ('g') is served only while the file's item is not hidden by photo
 * consent, checked on each fetch, so withdrawing consent stops even an address handed out before.
 *
 * Expiries are rounded up to a step, so the same file gets the same address for a while and the
 * browser's private cache can serve a page it has seen.
 */
export type MediaAudience = 'm' | 'g';

export interface MediaUrlSigner {
  /** `/api/gallery/image/<fileName>?church=..&expires=..&a=..&signature=..` */
  urlFor(churchId: string, fileName: string, audience: MediaAudience): string;
  /** When the addresses made now stop working (ISO date-time). */
  expiryOfNew(): Date;
  /** True when `signature` is the signer's for this church, file, expiry and audience, and it has not passed. */
  verify(params: { churchId: string; fileName: string; expires: number; audience: string; signature: string }): boolean;
}

const EXPIRY_STEP_SECONDS = 5 * 60;
const AUDIENCES: readonly string[] = ['m', 'g'] satisfies MediaAudience[];

const isMediaAudience = (value: string): value is MediaAudience => AUDIENCES.includes(value);

export function createMediaUrlSigner(options: { secret?: string; ttlMinutes: number; now?: () => number }): MediaUrlSigner {
  const key = options.secret ? Buffer.from(options.secret, 'utf8') : randomBytes(32);
  const nowMs = options.now ?? Date.now;
  const sign = (churchId: string, fileName: string, expires: number, audience: MediaAudience) =>
    createHmac('sha256', key).update(`${churchId}\n${fileName}\n${expires}\n${audience}`).digest();

  const expiresAt = () => {
    const earliest = Math.floor(nowMs() / 1000) + options.ttlMinutes * 60;
    return Math.ceil(earliest / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
  };

  return {
    urlFor(churchId, fileName, audience) {
      const expires = expiresAt();
      const query = new URLSearchParams({
        church: churchId, expires: String(expires), a: audience, signature: sign(churchId, fileName, expires, audience).toString('base64url'),
      });
      return `/api/gallery/image/${encodeURIComponent(fileName)}?${query.toString()}`;
    },
    expiryOfNew: () => new Date(expiresAt() * 1000),
    verify({ churchId, fileName, expires, audience, signature }) {
      if (!Number.isSafeInteger(expires) || expires * 1000 <= nowMs() || !isMediaAudience(audience)) return false;
      const given = Buffer.from(signature, 'base64url');
      const expected = sign(churchId, fileName, expires, audience);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
