import { TEST_SECRET_KEYS } from './app.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** A port free right now on 127.0.0.1: for a server whose PUBLIC_URL must be known before it listens. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** How the process ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** What it has printed so far. */
  output: () => string;
}

/**
 * server/main.ts in a child process, as `npm start` runs it (or `script`: scripts/start.ts is
 * `npm start` itself, which builds the client when it is stale and prepares a new embedded database
 * in a child first), on 127.0.0.1 and a free port, with exactly `env` besides PATH and the address
 * (nothing of this process's settings leaks in). Resolves once GET /api/health answers.
 */
export async function startServerProcess(env: Record<string, string>, timeoutMs = 60_000, script = 'server/main.ts'): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...TEST_SECRET_KEYS, ...env, HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: url },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  child.stderr?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  for (const deadline = Date.now() + timeoutMs; ;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited while starting:\n${output}`);
    if (await fetch(`${url}/api/health`).then((res) => res.ok, () => false)) return { url, child, exited, output: () => output };
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start within ${timeoutMs / 1000} s:\n${output}`);
    }
    await sleep(100);
  }
}
