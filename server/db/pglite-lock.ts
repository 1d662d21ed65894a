import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite is one PostgreSQL session inside one process, and it takes no lock on its data folder:
 * a second process (a second `npm start`, or `npm run db:backup` beside a running server) would
 * open the same files and corrupt them. So whoever opens a data folder first writes its pid to
 * `<folder>.lock` beside it (created exclusively), and removes it on close. A lock whose process
 * is gone (a crash, a kill -9) is taken over; one of a live process is refused.
 */
export class EmbeddedDatabaseBusyError extends Error {
  constructor(readonly dataDir: string, readonly pid: number) {
    super(`The embedded database in ${dataDir} is open in process ${pid} (a running server?). It is single-process: stop that process first.`);
    this.name = 'EmbeddedDatabaseBusyError';
  }
}

const lockFileOf = (dataDir: string) => `${path.resolve(dataDir)}.lock`;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another account.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the folder's lock for this process; answers its release. Throws EmbeddedDatabaseBusyError
 * while another live process holds it. */
export function lockDataDir(dataDir: string): () => void {
  const file = lockFileOf(dataDir);
  mkdirSync(path.dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number.parseInt(readFileSync(file, 'utf8'), 10);
    if (Number.isSafeInteger(holder) && holder !== process.pid && alive(holder)) throw new EmbeddedDatabaseBusyError(dataDir, holder);
    // Left by a process that is gone (or by this one, not released): taken over.
    rmSync(file, { force: true });
  }
  throw new Error(`Could not take the lock ${file}`);
}
