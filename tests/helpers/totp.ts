import { Secret, TOTP } from 'otpauth';

/** The code an authenticator app shows for `secret` (base32) at `timestamp`, as the test computes it
 * from the secret it was given (by admin:create, the enrolment answer or the console's screen). */
export const totpCode = (secret: string, timestamp = Date.now()) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp });
