import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_SERVER_RIBBON } from '../../common/constants.js';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';

// `npm start`'s server on a fresh embedded database, in production mode: a demo server that says so
// once, loudly, at start, and on its pages; DEMO=false is a real deployment that says neither.

/** `npm start` itself: on a new embedded database it prepares it in a child process, then serves. */
const NPM_START = 'scripts/start.ts';

const folders: string[] = [];
const started: ServerProcess[] = [];
afterAll(async () => {
  for (const server of started) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

async function startEmbedded(env: Record<string, string> = {}, script?: string) {
  const folder = mkdtempSync(path.join(tmpdir(), 'ss-demo-server-'));
  folders.push(folder);
  const server = await startServerProcess({
    NODE_ENV: 'production', LOG_LEVEL: 'silent', PGLITE_DATA_DIR: path.join(folder, 'pglite'),
    MAIL_OUTBOX_DIR: path.join(folder, 'outbox'), UPLOADS_DIR: path.join(folder, 'uploads'), ...env,
  }, 240_000, script);
  started.push(server);
  return server;
}

const pageOf = async (server: ServerProcess) => (await fetch(`${server.url}/login`)).text();

describe('the embedded database with no configuration', () => {
  it('is a demo server: `npm start` prints one framed banner naming the console\'s sign-in, the public passwords and simulated payments; the ribbon on its pages', async () => {
    const server = await startEmbedded({}, NPM_START);
    const output = server.output();
    // One banner, though the database is prepared twice (by npm start's child, then by the server).
    expect(output.match(/DEMO SERVER/g)).toHaveLength(1);
    expect(output.match(/^ {2}#{20,}$/gm)).toHaveLength(2);
    expect(output).toMatch(/#{20,}\n {2}## {2}DEMO SERVER/);
    expect(output.match(/\/admin-login/g)).toHaveLength(1);
    expect(output).toMatch(/^ {2}## {2}Operator console: sign in at \/admin-login +##$/m);
    expect(output).toContain('Demo church DEMO01; its passwords are public. Password demo-password-123:');
    expect(output).toContain('Payments are simulated');
    expect(output).toContain('DEMO=false');
    expect(await pageOf(server)).toContain(DEMO_SERVER_RIBBON);
  }, 270_000);

  it('with DEMO=false: no banner, no demo church, no ribbon', async () => {
    const server = await startEmbedded({ DEMO: 'false' });
    const output = server.output();
    expect(output).not.toContain('DEMO SERVER');
    expect(output).not.toContain('Demo church');
    expect(await pageOf(server)).not.toContain(DEMO_SERVER_RIBBON);
    const signIn = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ church_code: 'DEMO01', email: 'superadmin@demo01.example.org', password: 'demo-password-123' }),
    });
    expect(signIn.status).toBe(401);
  }, 150_000);
});

describe('a TRUST_PROXY that trusts everyone by adding up ranges', () => {
  it('stops the server at start with a clear message: 256 /8s cover every IPv4 address', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'ss-trust-proxy-'));
    folders.push(folder);
    const everyone = Array.from({ length: 256 }, (_, i) => `${i}.0.0.0/8`).join(',');
    await expect(startServerProcess({
      NODE_ENV: 'production', LOG_LEVEL: 'silent', DEMO: 'false', PGLITE_DATA_DIR: path.join(folder, 'pglite'),
      MAIL_OUTBOX_DIR: path.join(folder, 'outbox'), UPLOADS_DIR: path.join(folder, 'uploads'), TRUST_PROXY: everyone,
    }, 60_000)).rejects.toThrow(/exited while starting:\nInvalid configuration:\n {2}TRUST_PROXY: the ranges together cover 100 % of all IPv4 addresses/);
  }, 90_000);
});
