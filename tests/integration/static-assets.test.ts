import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.js';

// The built client is served precompressed (brotli or gzip, chosen by Accept-Encoding, written at
// build time) and cached for a year when its file name carries a content hash; index.html is never
// cached. `npm test` builds the client before the suites run.

const dist = path.resolve('client/dist');
let app: TestApp;
let script: string;

beforeAll(async () => {
  if (!existsSync(path.join(dist, 'index.html'))) throw new Error('client/dist is missing: run npm test (it builds the client) or npm run build');
  script = readdirSync(path.join(dist, 'assets')).find((f) => f.endsWith('.js'))!;
  app = await startTestApp();
});
afterAll(async () => { await app?.close(); });

const get = (url: string, encoding?: string) =>
  fetch(`${app.url}${url}`, { headers: encoding === undefined ? {} : { 'accept-encoding': encoding } });

describe('hashed assets', () => {
  it('are sent as the brotli file written at build time, cached for a year', async () => {
    const res = await get(`/assets/${script}`, 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('vary')?.toLowerCase()).toContain('accept-encoding');
    expect(Number(res.headers.get('content-length'))).toBe(statSync(path.join(dist, 'assets', `${script}.br`)).size);
    expect((await res.text()).length).toBeGreaterThan(0); // fetch decodes it
  });

  it('fall back to gzip, then to the plain file', async () => {
    const gzip = await get(`/assets/${script}`, 'gzip');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(Number(gzip.headers.get('content-length'))).toBe(statSync(path.join(dist, 'assets', `${script}.gz`)).size);
    const plain = await get(`/assets/${script}`, 'identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(Number(plain.headers.get('content-length'))).toBe(statSync(path.join(dist, 'assets', script)).size);
  });
});

describe('the page', () => {
  it('is never cached, whatever client route loads it, and is sent compressed', async () => {
    for (const route of ['/', '/login', '/attendance/mark']) {
      const res = await get(route, 'br');
      expect(res.status, route).toBe(200);
      expect(res.headers.get('cache-control'), route).toBe('no-cache');
      expect(res.headers.get('content-encoding'), route).toBe('br');
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  it('is not sent for a missing asset: a chunk of an older release is a plain 404', async () => {
    const res = await get('/assets/index-NoSuchHash.js', 'br');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
  });

  it('does not expose the build metadata', async () => {
    expect(existsSync(path.join(dist, '.vite/manifest.json'))).toBe(true);
    const res = await get('/.vite/manifest.json', 'identity');
    expect(await res.text()).not.toContain('"isEntry"');
  });

  it('leaves API answers uncached', async () => {
    const res = await get('/api/subscription/plans', 'br');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});
