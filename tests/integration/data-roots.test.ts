import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { backend } from '../helpers/app.js';
import { startServerProcess } from '../helpers/server-process.js';

// The server process (server/main.ts, as `npm start` runs it) on the embedded database: every data
// root it uses ends 0700, even one an earlier start left open to everyone, and nothing it writes
// there (the embedded database's files, its write-ahead log) is readable by another account.

/** Every file and folder under `root`, with its permission bits. */
function modesUnder(root: string): Array<{ file: string; mode: number }> {
  return readdirSync(root, { recursive: true, encoding: 'utf8' }).map((name) => {
    const file = path.join(root, name);
    return { file, mode: statSync(file).mode & 0o777 };
  });
}

describe.runIf(backend === 'pglite')('the data roots on disk', () => {
  it('are 0700 and hold nothing another account may read or write', async () => {
    const workDir = mkdtempSync(path.join(tmpdir(), 'ss-roots-'));
    const roots = { PGLITE_DATA_DIR: path.join(workDir, 'pglite'), UPLOADS_DIR: path.join(workDir, 'uploads'), MAIL_OUTBOX_DIR: path.join(workDir, 'outbox') };
    // An older start left the uploads and the outbox open to everyone.
    for (const dir of [roots.UPLOADS_DIR, roots.MAIL_OUTBOX_DIR]) {
      mkdirSync(dir);
      chmodSync(dir, 0o777);
    }
    const server = await startServerProcess({
      NODE_ENV: 'production', LOG_LEVEL: 'silent', DEMO_SEED: 'false', CLIENT_DIST_DIR: path.join(workDir, 'no-client'), ...roots,
    });
    try {
      for (const root of Object.values(roots)) expect(statSync(root).mode & 0o777, root).toBe(0o700);
      const written = modesUnder(roots.PGLITE_DATA_DIR);
      expect(written.some(({ file }) => file.includes('pg_wal'))).toBe(true);
      expect(written.filter(({ mode }) => mode & 0o077)).toEqual([]);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
      rmSync(workDir, { recursive: true, force: true });
    }
  }, 60_000);
});
