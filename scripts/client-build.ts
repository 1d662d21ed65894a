import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
// The build's own plugins and settings in scripts/ count too (vite.config.ts imports them).
const SOURCES = ['client', 'common', 'vite.config.ts', 'postcss.config.cjs', 'scripts/vite-pwa.ts', 'scripts/vite-catalogues.ts', 'scripts/client-chunks.ts'];
const OUTPUT = path.join(ROOT, 'client/dist/index.html');

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === 'dist' || entry === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/**
 * Builds the client with Vite when client/dist is missing or older than its sources. The build runs
 * in a child process: Vite and Rolldown loaded into the server's process kept ~1.2 GB resident after
 * the first start. A failed build stops the start with its own output and exit code.
 */
export async function ensureClientBuilt(): Promise<void> {
  if (!existsSync(path.join(ROOT, 'client/index.html'))) return;
  const built = existsSync(OUTPUT) ? statSync(OUTPUT).mtimeMs : 0;
  const sources = Math.max(...SOURCES.map((s) => newestMtime(path.join(ROOT, s))));
  if (built >= sources) return;
  console.log('Building the client (vite build)...');
  const vite = path.join(ROOT, 'node_modules/vite/bin/vite.js');
  const child = spawn(process.execPath, [vite, 'build', '--logLevel', 'warn', '--config', path.join(ROOT, 'vite.config.ts')], {
    cwd: ROOT, stdio: 'inherit',
  });
  const code = await new Promise<number>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
  });
  if (code !== 0) throw new Error(`The client build failed (vite build exited with ${code}).`);
}
