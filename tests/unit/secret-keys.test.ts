// server/secret-keys.ts and its variables in server/config.ts: a key from its variable, or drawn
// once into the keys folder (0600 in 0700) and the same on every later read; a key too short, or a
// keys folder inside the database's, the uploads' or the backups' folder, refuses the start.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { secretKeys } from '../../server/secret-keys.js';

const work = mkdtempSync(path.join(tmpdir(), 'ss-keys-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('secret keys', () => {
  it('unset, each key is drawn once into its own file of the keys folder (0600 in 0700) and read back the same', () => {
    const dir = path.join(work, 'keys');
    const config = { KEYS_DIR: dir, BACKUP_SIGNING_KEY: undefined, TOTP_SEED_KEY: undefined };
    const backup = secretKeys(config).get('backupSigning');
    const seed = secretKeys(config).get('totpSeed');
    expect(backup).toHaveLength(32);
    expect(backup.equals(seed)).toBe(false);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    for (const file of ['backup-signing.key', 'totp-seed.key']) {
      expect(statSync(path.join(dir, file)).mode & 0o777).toBe(0o600);
      expect(readFileSync(path.join(dir, file), 'utf8').trim()).toMatch(/^[\w-]{43}$/);
    }
    // Another process (a restart, db:restore) reads the same keys.
    expect(secretKeys(config).get('backupSigning').equals(backup)).toBe(true);
    expect(secretKeys(config).get('totpSeed').equals(seed)).toBe(true);
  });

  it('set, a key comes from its variable and no file is written', () => {
    const dir = path.join(work, 'never');
    const a = secretKeys({ KEYS_DIR: dir, BACKUP_SIGNING_KEY: 'x'.repeat(32), TOTP_SEED_KEY: 'y'.repeat(32) });
    expect(a.get('backupSigning').equals(a.get('totpSeed'))).toBe(false);
    expect(() => statSync(dir)).toThrow();
  });

  it('a key set but shorter than 32 characters refuses the configuration, with its name', () => {
    expect(() => loadConfig({ BACKUP_SIGNING_KEY: 'too-short' })).toThrow(/BACKUP_SIGNING_KEY must be at least 32 characters/);
    expect(() => loadConfig({ TOTP_SEED_KEY: 'too-short' })).toThrow(/TOTP_SEED_KEY must be at least 32 characters/);
  });

  it('a keys folder inside the embedded database, the uploads or the backups is refused', () => {
    expect(() => loadConfig({ KEYS_DIR: './data/pglite/keys' })).toThrow(/KEYS_DIR: must not be inside PGLITE_DATA_DIR/);
    expect(() => loadConfig({ KEYS_DIR: './data/backups' })).toThrow(/KEYS_DIR: must not be inside BACKUP_DIR/);
    expect(() => loadConfig({ KEYS_DIR: '/srv/files/keys', UPLOADS_DIR: '/srv/files' })).toThrow(/KEYS_DIR: must not be inside UPLOADS_DIR/);
    expect(loadConfig({}).KEYS_DIR).toBe('./data/keys');
  });

  it('the ledger\'s retention is at least 15 days (longer than the 14 days a mark can be made for)', () => {
    expect(() => loadConfig({ SYNC_LEDGER_RETENTION_DAYS: '14' })).toThrow(/SYNC_LEDGER_RETENTION_DAYS/);
    expect(loadConfig({}).SYNC_LEDGER_RETENTION_DAYS).toBe(30);
  });
});
