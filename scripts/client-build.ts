import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCES = ['client', 'common', 'vite.config.ts', 'postcss.config.cjs'];
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

/** Builds the client with Vite when client/dist is missing or older than its sources. */
export async function ensureClientBuilt(): Promise<void> {
  if (!existsSync(path.join(ROOT, 'client/index.html'))) return;
  const built = existsSync(OUTPUT) ? statSync(OUTPUT).mtimeMs : 0;
  const sources = Math.max(...SOURCES.map((s) => newestMtime(path.join(ROOT, s))));
  if (built >= sources) return;
  console.log('Building the client (vite build)...');
  const { build } = await import('vite');
  await build({ configFile: path.join(ROOT, 'vite.config.ts'), logLevel: 'warn' });
}
