import { afterAll, beforeAll, expect } from 'vitest';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page, type ViewportSize } from 'playwright-core';
import { startTestApp, type TestApp } from './app.js';
import { signInNewOperator } from './fixtures.js';
import { demoEmail, seedDemoChurch } from '../../server/modules/demo/index.js';
import { MOBILE_BREAKPOINT_PX } from '../../common/constants.js';

export const DEMO_CODE = 'DEMO01';
export const DEMO_PASSWORD = 'demo-password-123';
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 740 };

/** The stored session keys of client/src/features/auth/session-store.ts. */
export const SESSION_KEYS = ['sundayschool.session.token', 'sundayschool.session.churchCode'];

/** How every test starts Chromium. */
export const CHROMIUM_OPTIONS = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};

/**
 * One Chromium per test worker, shared by the files the worker runs one after the other (each test
 * still gets a fresh context, and a file's contexts are closed when it ends): a launch and the
 * browser's first seconds cost about 2.5 s of CPU on the 2-core test machine. Playwright kills it
 * when the worker exits.
 */
let workerBrowser: Promise<Browser> | undefined;
function sharedBrowser(): Promise<Browser> {
  workerBrowser ??= chromium.launch(CHROMIUM_OPTIONS).then((browser) => {
    browser.on('disconnected', () => { workerBrowser = undefined; });
    return browser;
  }, (error: unknown) => {
    workerBrowser = undefined;
    throw error;
  });
  return workerBrowser;
}

/** The real server with the demo church; it serves the built client (run `npx vite build` first). */
async function startAppWithDemo(): Promise<TestApp> {
  const app = await startTestApp();
  try {
    const index = await fetch(`${app.url}/login`);
    const html = await index.text();
    if (!html.includes('id="root"')) throw new Error('The client is not built: run `npx vite build` before the browser tests.');
    await seedDemoChurch(app.db, { code: DEMO_CODE, password: DEMO_PASSWORD });
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}

export interface OpenedPage {
  page: Page;
  /** Console errors and uncaught exceptions of the page, for a "no console errors" check. */
  errors: string[];
  close(): Promise<void>;
}

/** The app and Chromium of one test file: started before its tests, closed after them. */
export interface AppAndBrowser {
  app: TestApp;
  browser: Browser;
  /** Whether the file's pages run the app's service worker (see useAppAndBrowser). */
  serviceWorkers: boolean;
}

/**
 * `serviceWorkers`: the pages of the file install and run the app's service worker. Only the files
 * that test the installed app and working offline ask for it: in every other file each fresh context
 * would install the worker and download its whole precache (about 2.4 MB) beside the test, which
 * costs the suite 1 to 1.5 s per context on a quiet machine and far more on a busy one, and proves
 * nothing those files test.
 */
export function useAppAndBrowser(
  startApp: () => Promise<TestApp> = startAppWithDemo,
  options: { serviceWorkers?: boolean } = {},
): AppAndBrowser {
  const env = { serviceWorkers: options.serviceWorkers ?? false } as AppAndBrowser;
  beforeAll(async () => {
    [env.app, env.browser] = await Promise.all([startApp(), sharedBrowser()]);
  });
  afterAll(async () => {
    sparePages.delete(env);
    // Nothing of this file's pages outlives it in the shared browser.
    await Promise.all(env.browser?.contexts().map((context) => context.close()) ?? []);
    await env.app?.close();
  });
  return env;
}

/** A fresh context (empty storage) of the file's browser on its app, with the file's service worker policy. */
export function newContext(env: AppAndBrowser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return env.browser.newContext({ baseURL: env.app.url, serviceWorkers: env.serviceWorkers ? 'allow' : 'block', ...options });
}

/**
 * Runs one test on a fresh page (empty storage, no cookies, no routes) at the given size and closes
 * it. Afterwards the page must have reported no console errors or uncaught exceptions, but those
 * matching `allowErrors` (e.g. the 4xx answer a test provokes).
 */
export async function onPage(
  env: AppAndBrowser,
  viewport: ViewportSize,
  test: (page: Page, errors: string[]) => Promise<void>,
  options: { allowErrors?: RegExp } = {},
) {
  const opened = await openPage(env, viewport);
  const { page, errors } = opened;
  let passed = false;
  try {
    await test(page, errors);
    expect(errors.filter((error) => !options.allowErrors?.test(error))).toEqual([]);
    passed = true;
  } finally {
    await (passed ? opened.recycle() : opened.close());
  }
}

/** The app's address of each page's context (for cookies, which need a URL). */
const baseUrls = new WeakMap<BrowserContext, string>();

/**
 * The page of each file's last passed test, emptied, kept for the file's next test. A new context
 * costs Chromium a renderer process and a cold cache: about 1.5 s of CPU on the 2-core test machine
 * before the app's first byte, and the app's scripts compiled again. Emptied means: the app's
 * origin's storage (local, session, IndexedDB, Cache Storage, cookies) cleared, routes, listeners,
 * permissions and the offline switch reset, the page on about:blank. What stays is the HTTP cache of
 * the app's files (hashed, immutable) and V8's code cache. Files whose pages run the service worker
 * never reuse a page (a worker outlives its page).
 */
const sparePages = new WeakMap<AppAndBrowser, Page>();

/** A browser context (empty storage) and page at the given viewport size: the file's spare page, or a new one. */
async function openPage(env: AppAndBrowser, viewport = DESKTOP): Promise<OpenedPage & { recycle(): Promise<void> }> {
  let page = sparePages.get(env);
  sparePages.delete(env);
  if (page) {
    await page.setViewportSize(viewport);
  } else {
    const context = await newContext(env, { viewport });
    baseUrls.set(context, env.app.url);
    page = await context.newPage();
    page.setDefaultTimeout(30_000);
  }
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  const opened = page;
  const close = () => opened.context().close();
  return {
    page: opened,
    errors,
    close,
    async recycle() {
      const context = opened.context();
      if (env.serviceWorkers || opened.isClosed() || context.pages().length !== 1) return close();
      try {
        await emptyPage(env, opened);
        sparePages.set(env, opened);
      } catch {
        await close();
      }
    },
  };
}

/** Leaves a page as a new context's: nothing of the test that used it is left for the next one. */
async function emptyPage(env: AppAndBrowser, page: Page) {
  const context = page.context();
  page.removeAllListeners();
  page.setDefaultTimeout(30_000);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.setOffline(false);
  await context.clearPermissions();
  // Session storage belongs to the tab: cleared from a document of the app's origin (a small JSON
  // answer, not the app), then everything else the origin stores, through the DevTools protocol.
  await page.goto(`${env.app.url}/api/health`);
  await page.evaluate(() => { sessionStorage.clear(); localStorage.clear(); });
  await page.goto('about:blank');
  const cdp = await context.newCDPSession(page);
  try {
    await cdp.send('Storage.clearDataForOrigin', { origin: new URL(env.app.url).origin, storageTypes: 'all' });
  } finally {
    await cdp.detach();
  }
  await context.clearCookies();
}

/** Fills and submits the sign-in form (the page must be on /login). */
export async function signIn(page: Page, code: string, email: string, password: string) {
  await page.getByLabel('Church Code').fill(code);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

const DASHBOARD_TITLES = {
  superadmin: 'Super Admin Dashboard', principal: 'Principal Dashboard', teacher: 'Teacher Dashboard',
} as const;

/** Signs in as a demo user of DEMO01 from /login and waits for that role's dashboard. */
export async function signInAsDemo(page: Page, role: keyof typeof DASHBOARD_TITLES) {
  await page.goto('/login');
  await signIn(page, DEMO_CODE, demoEmail(role, DEMO_CODE), DEMO_PASSWORD);
  await page.getByRole('heading', { name: DASHBOARD_TITLES[role] }).waitFor();
}

export const pathOf = (page: Page) => new URL(page.url()).pathname;

/**
 * Waits until the page's service worker (registered when the page is idle) is installed, with its
 * precache complete (installing fills it), active and controlling the page: from then on a reload
 * opens with no network.
 */
export async function serviceWorkerInControl(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
}

/** Opens a Mantine Select and picks an option by its exact label (in its list: the header's language
 * picker is a native select whose options are on the page too). */
export async function choose(page: Page, select: Locator, option: string) {
  await select.click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
}

/** On a phone the sidebar is a drawer: open it, then follow the entry. */
export async function openFromDrawer(page: Page, entry: string) {
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await page.locator('#dashboard-navigation').getByRole('link', { name: entry, exact: true }).click();
  await page.getByRole('button', { name: 'Open navigation' }).waitFor();
}

/**
 * Opens the church screen at `path` from the dashboard's navigation, as a user does (the drawer
 * opened first on a phone), in any language: a click, not a page load. A page load costs Chromium
 * about 0.8 s of CPU on the 2-core test machine and a click about 0.1 s, so tests whose subject is not
 * the page load walk the screens this way.
 */
export async function openFromNavigation(page: Page, path: string) {
  // Decided by the viewport, not by whether the burger looks visible yet: right after a resize the
  // page may not have laid out the new width, and the sidebar's links leave the page when it does.
  const narrow = (page.viewportSize()?.width ?? Infinity) < MOBILE_BREAKPOINT_PX;
  if (narrow) await page.locator('button[aria-controls="dashboard-navigation"][aria-expanded="false"]').click();
  await page.locator(`#dashboard-navigation a[href="${path}"]`).click();
  await page.locator(`#dashboard-navigation a[href="${path}"][aria-current="page"]`).waitFor({ state: 'attached' });
}

/**
 * Resolves once `text` has been part of the page, even for a moment: checked in the page at every
 * frame it draws, so a notice shown for a few seconds before the app moves on is seen even when a
 * busy machine makes the test look late. Start it before the action that shows the text.
 */
export function textShown(page: Page, text: string): Promise<void> {
  const shown = page.waitForFunction((wanted) => document.body?.innerText.includes(wanted), text, { polling: 'raf' }).then(() => undefined);
  shown.catch(() => undefined); // a test that fails before awaiting it reports its own error, not this one
  return shown;
}

/** The tRPC requests the page makes from now on, each as its procedures ('auth.verify,subscription.usage'). */
export function recordTrpcCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/trpc/')) calls.push(pathname.slice('/trpc/'.length));
  });
  return calls;
}

/** True when the page needs no horizontal scrolling at its viewport width. */
export const fitsViewportWidth = (page: Page) =>
  // A layout chosen in script (a media query's listener re-rendering after the resize) may settle
  // a few frames after setViewportSize, and on a loaded machine a frame may take a second: a page
  // that fits within 10 s fits; one still wider fails.
  page.waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth, undefined, { timeout: 10_000, polling: 'raf' })
    .then(() => true, () => false);

/** Whether the element's box lies within the viewport horizontally (the mobile drawer is off-screen when closed). */
export const isOnScreen = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) return false;
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.left >= 0 && box.right <= window.innerWidth;
  }, selector);

/**
 * Opens the operator console at `path` as a signed-in operator (`signInNewOperator`'s answer, or any
 * `{ token }` of a live operator session): the session is given to the browser as the console's
 * HttpOnly cookie, as the sign-in screen leaves it, and the page waits for the console's frame.
 */
export async function openConsoleAs(page: Page, operator: { token: string }, path = '/admin/dashboard') {
  const baseURL = baseUrls.get(page.context());
  if (!baseURL) throw new Error('openConsoleAs: a page opened by onPage');
  await page.context().addCookies([{
    name: 'ss_operator', value: operator.token, url: `${baseURL}/api/admin`, httpOnly: true, sameSite: 'Strict',
  }]);
  await page.goto(path);
  await page.getByRole('button', { name: 'Logout' }).waitFor(); // the console's frame, at any width
}

/** A new operator signed in through the API (password and second factor), its console opened in
 * the page at `path`; answers the operator (its bearer token for API calls). */
export async function openConsoleAsNewOperator(env: AppAndBrowser, page: Page, path?: string) {
  const operator = await signInNewOperator(env.app.db, env.app.url);
  await openConsoleAs(page, operator, path);
  return operator;
}
