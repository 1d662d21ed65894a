import { randomBytes, createHmac } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from './config.js';

/**
 * The server's own secret keys: the backup signing key (HMAC-SHA256 of every archive's manifest)
 * and the TOTP seed key (AES-256-GCM of operators' second-factor seeds at rest). Each comes from its
 * variable (32+ characters, checked by server/config.ts) or, unset, from a file under KEYS_DIR drawn
 * once (32 random bytes) and kept there: mode 0600 in a 0700 folder that is never inside the
 * embedded database's folder, the uploads or the backups (server/config.ts refuses that), so a copy
 * of the data or of an archive does not carry the key that vouches for it.
 */
const SECRET_KEYS = {
  backupSigning: { variable: 'BACKUP_SIGNING_KEY', file: 'backup-signing.key' },
  totpSeed: { variable: 'TOTP_SEED_KEY', file: 'totp-seed.key' },
} as const;
export type SecretKeyName = keyof typeof SECRET_KEYS;

type KeysConfig = Pick<Config, 'KEYS_DIR' | 'BACKUP_SIGNING_KEY' | 'TOTP_SEED_KEY'>;

/** The key file's text, made once: written under a temporary name and linked into place, so two
 * processes starting together both end up with the one that won (a link never overwrites). */
function keyFromFile(dir: string, file: string): string {
  const target = path.join(dir, file);
  const read = () => readFileSync(target, 'utf8').trim();
  try {
    return read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  const temporary = path.join(dir, `.${file}.${process.pid}.${randomBytes(4).toString('hex')}`);
  writeFileSync(temporary, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temporary, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(temporary, { force: true });
  }
  return read();
}

/** 32 bytes for one purpose, from the key's text (its variable, or its file). */
const derive = (text: string, purpose: string) => createHmac('sha256', text).update(`sundayschool ${purpose} v1`).digest();

/**
 * The keys of a configuration, each read (or made) at its first use and then kept: a process that
 * never signs a backup or opens a seed writes no key file.
 */
export function secretKeys(config: KeysConfig): { get(name: SecretKeyName): Buffer } {
  const cache = new Map<SecretKeyName, Buffer>();
  return {
    get(name) {
      let key = cache.get(name);
      if (!key) {
        const { variable, file } = SECRET_KEYS[name];
        key = derive(config[variable] ?? keyFromFile(path.resolve(config.KEYS_DIR), file), name);
        cache.set(name, key);
      }
      return key;
    },
  };
}
export type SecretKeys = ReturnType<typeof secretKeys>;
