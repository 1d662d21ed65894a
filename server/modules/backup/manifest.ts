import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { MIGRATIONS_FOLDER } from '../../db/index.js';

/** The archive layout this build writes and reads; a later layout gets a higher number. */
export const BACKUP_FORMAT = 1;

export const MANIFEST_PATH = 'manifest.json';
/** HMAC-SHA256 of manifest.json's bytes under the backup signing key: `v1 hmac-sha256 <hex>`. The
 * manifest holds every entry's SHA-256, so the signature vouches for the whole archive. */
export const SIGNATURE_PATH = 'manifest.sig';

const SIGNATURE = /^v1 hmac-sha256 ([0-9a-f]{64})\n?$/;

export const manifestSignature = (manifest: Buffer, key: Buffer) =>
  `v1 hmac-sha256 ${createHmac('sha256', key).update(manifest).digest('hex')}\n`;

/** Whether `signature` (the text of manifest.sig) is the signing key's over `manifest`. */
export function signatureVerifies(manifest: Buffer, signature: string, key: Buffer): boolean {
  const given = SIGNATURE.exec(signature)?.[1];
  if (!given) return false;
  return timingSafeEqual(Buffer.from(given, 'hex'), createHmac('sha256', key).update(manifest).digest());
}
export const DATABASE_ENTRY = { pglite: 'database/pglite.tar.gz', postgres: 'database/postgres.dump' } as const;
/** Uploaded files are stored under `files/<their storage key>`. */
export const FILES_PREFIX = 'files/';

const entrySchema = z.object({
  path: z.string().min(1),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  bytes: z.number().int().min(0),
  /** Uploaded files: the content type the storage serves them with. */
  contentType: z.string().min(1).optional(),
});
export type ManifestEntry = z.infer<typeof entrySchema>;

export const manifestSchema = z.object({
  format: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  appVersion: z.string(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    /** The newest migration applied: drizzle's folder time and the journal's tag. */
    migration: z.object({ when: z.number().int().nullable(), tag: z.string().nullable() }),
  }),
  /** Every entry but the manifest itself. */
  entries: z.array(entrySchema),
});
export type Manifest = z.infer<typeof manifestSchema>;

const ROOT = path.resolve(import.meta.dirname, '../../..');

export function appVersion(): string {
  return (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}

/** The journal's tag of a migration by its folder time (null when this build does not know it). */
export function migrationTag(when: number | null): string | null {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ when: number; tag: string }> };
  return journal.entries.find((entry) => entry.when === when)?.tag ?? null;
}
