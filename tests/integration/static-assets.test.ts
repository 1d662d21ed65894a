import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SERVER_RIBBON } from '../../common/constants.js';
import { startTestApp, type TestApp } from '../helpers/app.js';

// The built client is served precompressed (brotli or gzip, chosen by Accept-Encoding, written at
// build time) and cached for a year when its file name carries a content hash; index.html, the
// service worker and the web app manifest are never cached without asking, and says whether this is a demo server (the test app's default, as for `npm start` on the
// embedded database). `npm test` builds the client before the suites run.

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

describe('the installable app\'s files', () => {
  it('are revalidated on every use: the service worker (sent compressed), the manifest (as one) and its icons', async () => {
    const runtime = readdirSync(dist).find((f) => /^workbox-[\w-]+\.js$/.test(f))!;
    for (const file of ['sw.js', runtime]) {
      const res = await get(`/${file}`, 'gzip, deflate, br');
      expect(res.status, file).toBe(200);
      expect(res.headers.get('cache-control'), file).toBe('no-cache');
      expect(res.headers.get('content-type'), file).toMatch(/^(application|text)\/javascript/);
      expect(res.headers.get('content-encoding'), file).toBe('br');
      expect(Number(res.headers.get('content-length')), file).toBe(statSync(path.join(dist, `${file}.br`)).size);
    }
    const manifest = await get('/manifest.webmanifest', 'br');
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    for (const icon of ['icon-192.png', 'icon-512.png', 'icon-maskable-512.png']) {
      const res = await get(`/icons/${icon}`);
      expect(res.headers.get('content-type'), icon).toBe('image/png');
      expect(res.headers.get('cache-control'), icon).toBe('no-cache');
    }
  });

  it('are allowed by the page\'s content security policy', async () => {
    const policy = (await get('/login')).headers.get('content-security-policy');
    expect(policy).toContain("worker-src 'self'");
    expect(policy).toContain("manifest-src 'self'");
  });
});

describe('the page of a demo server', () => {
  const ribbon = `<div class="demo-ribbon" role="note">${DEMO_SERVER_RIBBON}</div>`;

  it('carries data-demo and the ribbon, in every encoding and at /index.html too', async () => {
    const br = await get('/login', 'br');
    expect(br.headers.get('content-encoding')).toBe('br');
    const page = await br.text(); // fetch decodes it
    expect(page).toMatch(/<html data-demo[\s>]/);
    expect(page.split(ribbon)).toHaveLength(2); // once
    expect(page.indexOf(ribbon)).toBeLessThan(page.indexOf('<div id="root">'));
    for (const [route, encoding] of [['/', 'gzip'], ['/index.html', 'identity'], ['/attendance/mark', undefined]] as const) {
      const res = await get(route, encoding);
      expect(res.status, route).toBe(200);
      expect(res.headers.get('content-type'), route).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control'), route).toBe('no-cache');
      expect(await res.text(), route).toBe(page);
    }
    expect(readFileSync(path.join(dist, 'index.html'), 'utf8')).not.toContain(DEMO_SERVER_RIBBON);
  });

  it('is revalidated by its ETag: a returning browser gets a 304 without the page', async () => {
    const first = await get('/login', 'br');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await fetch(`${app.url}/dashboard`, { headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe('no-cache');
    expect(await again.text()).toBe('');
  });

  it('is the built page unchanged with DEMO=false: no flag, no ribbon', async () => {
    const real = await startTestApp({ DEMO: 'false' });
    try {
      for (const route of ['/login', '/index.html', '/admin']) {
        const res = await fetch(`${real.url}${route}`, { headers: { 'accept-encoding': 'identity' } });
        expect(res.status, route).toBe(200);
        expect(await res.text(), route).toBe(readFileSync(path.join(dist, 'index.html'), 'utf8'));
      }
    } finally {
      await real.close();
    }
  });
});
