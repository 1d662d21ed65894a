import { hash, randomBytes } from 'node:crypto';

/** Opaque session token: 256 random bits, URL-safe. Only its SHA-256 is stored. */
export const newOpaqueToken = () => randomBytes(32).toString('base64url');
/** Hex SHA-256 of a token; the one-shot hash, as every church request hashes its bearer token. */
export const hashToken = (token: string) => hash('sha256', token, 'hex');
