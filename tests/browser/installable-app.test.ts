import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_SERVER_RIBBON } from '../../common/constants.js';
import commonEnglish from '../../common/i18n/catalogues/common/en.json';
import { demoEmail, seedDemoChurch } from '../../server/modules/demo/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import {
  CHROMIUM_OPTIONS, DEMO_CODE, DEMO_PASSWORD, DESKTOP, PHONE, fitsViewportWidth, onPage, openConsoleAsNewOperator, pathOf, serviceWorkerInControl,
  signInAsDemo, useAppAndBrowser,
} from '../helpers/browser.js';
import { expectFitsPhone, signInChoosingLanguage, translatorOf } from '../helpers/languages.js';

// The app installs (manifest, icons, a service worker Chromium accepts), opens with no network after
// one visit, and offers a new version when one is deployed. The server here serves a copy of the
// build in a folder of this file's own, so that a test can deploy a changed service worker into it.

const BUILD = path.resolve(import.meta.dirname, '../../client/dist');
const copiedBuild = mkdtempSync(path.join(tmpdir(), 'ss-installable-'));
afterAll(() => rmSync(copiedBuild, { recursive: true, force: true }));

async function startAppOnCopiedBuild(): Promise<TestApp> {
  cpSync(BUILD, copiedBuild, { recursive: true });
  const app = await startTestApp({ CLIENT_DIST_DIR: copiedBuild });
  await seedDemoChurch(app.db, { code: DEMO_CODE, password: DEMO_PASSWORD });
  return app;
}

const env = useAppAndBrowser(startAppOnCopiedBuild, { serviceWorkers: true });

/** The URLs the built service worker precaches (as sw.js lists them). */
function precachedUrls(): string[] {
  const urls = [...readFileSync(path.join(copiedBuild, 'sw.js'), 'utf8').matchAll(/\{url:"([^"]+)",revision:/g)].map((m) => m[1]);
  if (urls.length === 0) throw new Error('No precache list found in sw.js');
  return urls;
}

/** Every URL held in the page's Cache Storage, by cache. */
const cachedUrls = (page: Page) => page.evaluate(async () => {
  const byCache: Record<string, string[]> = {};
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    byCache[name] = (await cache.keys()).map((request) => new URL(request.url).pathname + new URL(request.url).search);
  }
  return byCache;
});

/**
 * Runs `test` with a new release's service worker deployed (another sw.js at the same address; its
 * compressed copies go, so that the server sends this file), and puts the built one back afterwards.
 */
async function withNextRelease(test: () => Promise<void>) {
  const workerFile = path.join(copiedBuild, 'sw.js');
  const original = readFileSync(workerFile);
  const compressed = ['br', 'gz'].map((encoding) => [`${workerFile}.${encoding}`, readFileSync(`${workerFile}.${encoding}`)] as const);
  try {
    writeFileSync(workerFile, `${original.toString('utf8')}\n// The next release.\n`);
    for (const [file] of compressed) rmSync(file);
    await test();
  } finally {
    writeFileSync(workerFile, original);
    for (const [file, body] of compressed) writeFileSync(file, body);
  }
}

/** Asks for the worker at its address again, as the browser does on its own at a page load. */
const checkForUpdate = (page: Page) =>
  page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration?.update()));

/**
 * With something stored on the device, deploys a new release and accepts the offer: the banner with
 * `texts` shows, Reload activates the new worker and reloads the page, and the device's data is still
 * there. `dismissFirst`: the offer is dismissed and the page reloaded before, which offers it again.
 */
async function acceptNewVersion(page: Page, texts: { message: string; reload: string }, options: { dismissFirst?: boolean } = {}) {
  await serviceWorkerInControl(page);
  await page.evaluate(async () => {
    localStorage.setItem('installable-app-test', 'kept');
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('installable-app-test', 1);
      open.onupgradeneeded = () => open.result.createObjectStore('marks');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error ?? new Error('IndexedDB'));
    });
    await new Promise((resolve, reject) => {
      const tx = db.transaction('marks', 'readwrite');
      tx.objectStore('marks').put('present', 'student-1|2026-01-04');
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB'));
    });
    db.close();
  });
  await withNextRelease(async () => {
    await checkForUpdate(page);

    const banner = page.getByRole('status').filter({ hasText: texts.message });
    await banner.waitFor();
    expect(await banner.innerText()).toContain(texts.message);
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => Boolean(r?.waiting)))).toBe(true);
    await expectFitsPhone(page, banner);
    if (options.dismissFirst) {
      // Not now: the offer goes, and the next page load offers the version still waiting.
      await banner.getByRole('button', { name: commonEnglish['common.dismiss'] }).click();
      await banner.waitFor({ state: 'detached' });
      await page.reload();
      await banner.waitFor();
    }

    const reloaded = page.waitForEvent('load');
    await banner.getByRole('button', { name: texts.reload, exact: true }).click();
    await reloaded;
    const after = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('installable-app-test', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('marks');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error ?? new Error('IndexedDB'));
      });
      const mark = await new Promise((resolve, reject) => {
        const read = db.transaction('marks').objectStore('marks').get('student-1|2026-01-04');
        read.onsuccess = () => resolve(read.result);
        read.onerror = () => reject(read.error ?? new Error('IndexedDB'));
      });
      db.close();
      return { waiting: Boolean(registration?.waiting), controller: navigator.serviceWorker.controller?.state, stored: localStorage.getItem('installable-app-test'), mark };
    });
    expect(after).toEqual({ waiting: false, controller: 'activated', stored: 'kept', mark: 'present' });
    expect(await page.getByRole('status').filter({ hasText: texts.message }).count()).toBe(0);
  });
}

describe('the installable app', () => {
  it('has its manifest; the worker precaches the build and controls the page; Chromium finds no installability error', async () => {
    // Its headers (no-cache, the content type, the policy) are in tests/integration/static-assets.test.ts.
    const manifest = await (await fetch(`${env.app.url}/manifest.webmanifest`)).json() as Record<string, unknown>;
    expect(manifest).toMatchObject({
      name: 'Sunday School', short_name: 'Sunday School', display: 'standalone', start_url: '/', scope: '/',
      theme_color: '#3b5bdb', background_color: '#f8f9fa',
    });
    expect(manifest.icons).toEqual([
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ]);

    await onPage(env, DESKTOP, async (page) => {
      await page.goto('/login');
      expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
      await serviceWorkerInControl(page);
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${env.app.url}/sw.js`);

      const precache = Object.entries(await cachedUrls(page)).find(([name]) => name.startsWith('workbox-precache'));
      expect(precache?.[1]).toHaveLength(precachedUrls().length);
      // The page as the server sends it, not the build's index.html (which the server never sends).
      expect(precache?.[1]).toContainEqual(expect.stringMatching(/^\/\?app-shell=?&__WB_REVISION__=/));
      expect(precache?.[1].some((url) => url.endsWith('.br') || url.endsWith('.gz') || url.includes('index.html'))).toBe(false);
    });

    // Chromium installs no app from an incognito profile (which a test's context is): a profile on disk.
    const profile = mkdtempSync(path.join(tmpdir(), 'ss-profile-'));
    const context = await chromium.launchPersistentContext(profile, { ...CHROMIUM_OPTIONS, baseURL: env.app.url, viewport: PHONE });
    try {
      const page = await context.newPage();
      await page.goto('/login');
      await serviceWorkerInControl(page);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  it('after one visit online, the app opens with no network at any address, the page as the server sent it', async () => {
    await onPage(env, PHONE, async (page) => {
      await page.goto('/login');
      await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
      await serviceWorkerInControl(page);

      // Playwright takes the worker offline too (its own network requests are reported): the worker
      // tries the network for the page, is refused, and answers from the device.
      const refusedToWorker: string[] = [];
      page.context().on('requestfailed', (request) => {
        if (request.serviceWorker()) refusedToWorker.push(`${new URL(request.url()).pathname} ${request.failure()?.errorText}`);
      });
      await page.context().setOffline(true);
      expect(await page.evaluate(() => navigator.onLine)).toBe(false);
      // The first visit's page load came before the worker: this is the precached page.
      await page.reload();
      await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
      expect(refusedToWorker).toContain('/login net::ERR_INTERNET_DISCONNECTED');
      await page.getByRole('note').filter({ hasText: DEMO_SERVER_RIBBON }).waitFor();
      // Another address, a screen of its own chunk: the same page, the screen's code from the precache.
      await page.goto('/register');
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(pathOf(page)).toBe('/register');

      // Online, a page load goes to the network and is kept; offline again, any route opens it.
      await page.context().setOffline(false);
      await page.goto('/login');
      await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
      const pages = (await cachedUrls(page)).pages;
      expect(pages).toEqual(['/']);
      await page.context().setOffline(true);
      await page.goto('/attendance?class=any');
      // Signed out: the app sends the address to the sign-in page, all of it from the device.
      await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
      expect(pathOf(page)).toBe('/login');
      expect(await fitsViewportWidth(page)).toBe(true);
    }, { allowErrors: /net::ERR_INTERNET_DISCONNECTED/ }); // the registration screen's call for the plans, offline
  });

  it('keeps no API answer: a signed-in visit leaves /api and /trpc out of every cache', async () => {
    await onPage(env, DESKTOP, async (page) => {
      await signInAsDemo(page, 'teacher');
      await serviceWorkerInControl(page);
      await page.reload();
      await page.getByRole('heading', { name: 'Teacher Dashboard' }).waitFor();
      const urls = Object.values(await cachedUrls(page)).flat();
      expect(urls.length).toBeGreaterThan(0);
      expect(urls.filter((url) => url.startsWith('/api') || url.startsWith('/trpc'))).toEqual([]);
    });
  });

  it('offers a new version in the church area at 375px, in its language: Reload activates it, the device\'s data kept', async () => {
    const ml = translatorOf('ml', ['common']);
    await onPage(env, PHONE, async (page) => {
      await signInChoosingLanguage(page, 'ml', { code: DEMO_CODE, email: demoEmail('teacher', DEMO_CODE), password: DEMO_PASSWORD });
      await page.locator('h1').waitFor();
      await acceptNewVersion(page, { message: ml('common.updateReady'), reload: ml('common.reload') });
      await page.locator('h1').waitFor();
      expect(pathOf(page)).toBe('/');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('ml');
    });
  });

  it('reloads every tab of the app when the new version is accepted in one of them', async () => {
    await onPage(env, DESKTOP, async (page) => {
      // The principal: the teacher's own language is Malayalam once the test above has signed in.
      await signInAsDemo(page, 'principal');
      const other = await page.context().newPage();
      await other.goto('/');
      await other.getByRole('heading', { name: 'Principal Dashboard' }).waitFor();
      await serviceWorkerInControl(page);
      await serviceWorkerInControl(other);
      await withNextRelease(async () => {
        await checkForUpdate(page);
        const message = commonEnglish['common.updateReady'];
        await page.getByRole('status').filter({ hasText: message }).waitFor();
        await other.getByRole('status').filter({ hasText: message }).waitFor();
        const [reloaded, otherReloaded] = [page.waitForEvent('load'), other.waitForEvent('load')];
        await page.getByRole('button', { name: commonEnglish['common.reload'], exact: true }).click();
        await Promise.all([reloaded, otherReloaded]);
        await other.getByRole('heading', { name: 'Principal Dashboard' }).waitFor();
        expect(await other.getByRole('status').filter({ hasText: message }).count()).toBe(0);
      });
    });
  });

  it('offers a new version in the console at 1280px, in English whatever the church area speaks, again after a dismissal', async () => {
    await onPage(env, DESKTOP, async (page) => {
      await page.goto('/login');
      await page.getByTestId('language-picker').selectOption('ml');
      await openConsoleAsNewOperator(env, page);
      await acceptNewVersion(page, { message: 'A new version is ready: reload', reload: commonEnglish['common.reload'] }, { dismissFirst: true });
      await page.getByRole('button', { name: 'Logout' }).waitFor();
      expect(pathOf(page)).toBe('/admin/dashboard');
    });
  });
});
