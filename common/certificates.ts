/**
 * Exam certificates (issue 44): their verification code and the texts the server answers with,
 * shared with the client.
 *
 * A code is 10 characters of Crockford's base32 (digits and capitals without I, L, O and U: none
 * can be mistaken for another), 50 random bits, shown in two groups of five ('7KQ2M-XW9DT'). Read
 * back as Crockford reads it: case, spaces and hyphens ignored, I and L as 1, O as 0.
 */
export const CERTIFICATE_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CERTIFICATE_CODE_LENGTH = 10;

/** '7KQ2MXW9DT' -> '7KQ2M-XW9DT' */
export const formatCertificateCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;

/** A code as written by someone (any case, grouped, I/L for 1, O for 0) as stored, or null when it cannot be one. */
export function normalizeCertificateCode(written: string): string | null {
  const code = written.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
  if (code.length !== CERTIFICATE_CODE_LENGTH) return null;
  return [...code].every((c) => CERTIFICATE_CODE_ALPHABET.includes(c)) ? code : null;
}

/** The public page a certificate's QR code opens. */
export const certificateVerifyPath = (code: string) => `/verify/${formatCertificateCode(code)}`;

export type CertificateKind = 'merit' | 'completion';

/** The catalogue id of a certificate's title: 'Certificate of Merit — First Rank', 'Certificate of Completion'. */
export function certificateTitleId(certificate: { kind: CertificateKind; rank: number | null }) {
  if (certificate.kind === 'completion') return 'certificates.title.completion' as const;
  return certificate.rank === 1 ? 'certificates.title.merit1' as const
    : certificate.rank === 2 ? 'certificates.title.merit2' as const : 'certificates.title.merit3' as const;
}

/** What the public verification answers, and nothing else. */
export interface CertificateVerification {
  holder_name: string;
  church_name: string;
  academic_year: string;
  /** The certificate's title in the language asked ('Certificate of Merit — First Rank'). */
  title: string;
  class_name: string;
  issued_on: string;
}

export const CERTIFICATE_MESSAGES = {
  yearNotPublished: 'The year\'s final result is not published yet: certificates can be issued once every exam that weighs in it is published.',
  noFinalResult: 'No exam of this year weighs in the final result, so there are no ranks or passes to certify.',
  noCertificates: 'No certificates have been issued for this class this year.',
  childHasNone: 'This child has no certificate of this class.',
  notFound: 'No certificate has this code. Check the code as printed on the certificate.',
  withdrawn: 'This certificate has been withdrawn by the Sunday school.',
  issued: 'Certificates issued.',
} as const;
