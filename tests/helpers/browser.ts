import { afterAll, beforeAll, expect } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Locator, type Page, type ViewportSize } from 'playwright-core';
import { startTestApp, type TestApp } from './app.js';
import { signInNewOperator } from './fixtures.js';
import { demoEmail, seedDemoChurch } from '../../server/modules/demo/index.js';

export const DEMO_CODE = 'DEMO01';
export const DEMO_PASSWORD = 'demo-password-123';
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 740 };

/** The stored session keys of client/src/features/auth/session-store.ts. */
export const SESSION_KEYS = ['sundayschool.session.token', 'sundayschool.session.churchCode'];

function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
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
}

export function useAppAndBrowser(startApp: () => Promise<TestApp> = startAppWithDemo): AppAndBrowser {
  const env = {} as AppAndBrowser;
  beforeAll(async () => {
    [env.app, env.browser] = await Promise.all([startApp(), launchBrowser()]);
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.app?.close();
  });
  return env;
}

/**
 * Runs one test on a fresh page (its own context, empty storage) at the given size and closes it.
 * Afterwards the page must have reported no console errors or uncaught exceptions, but those
 * matching `allowErrors` (e.g. the 4xx answer a test provokes).
 */
export async function onPage(
  env: AppAndBrowser,
  viewport: ViewportSize,
  test: (page: Page, errors: string[]) => Promise<void>,
  options: { allowErrors?: RegExp } = {},
) {
  const opened = await openPage(env.browser, env.app.url, viewport);
  const { page, errors } = opened;
  try {
    await test(page, errors);
    expect(errors.filter((error) => !options.allowErrors?.test(error))).toEqual([]);
  } finally {
    await opened.close();
  }
}

/** The app's address of each page's context (for cookies, which need a URL). */
const baseUrls = new WeakMap<BrowserContext, string>();

/** A fresh browser context (empty storage) and page at the given viewport size. */
async function openPage(browser: Browser, baseURL: string, viewport = DESKTOP): Promise<OpenedPage> {
  const context = await browser.newContext({ baseURL, viewport });
  baseUrls.set(context, baseURL);
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return { page, errors, close: () => context.close() };
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
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

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
