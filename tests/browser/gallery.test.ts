import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { academicYearOf } from '../../common/academic-year.js';
import { todayIn } from '../../common/dates.js';
import { GALLERY_MESSAGES, MEDIA_MESSAGES } from '../../common/media-limits.js';
import { createChurch, TEST_PASSWORD } from '../helpers/fixtures.js';
import { signIn as signInByApi } from '../helpers/church-session.js';
import { jpegSample, pdfSample } from '../helpers/media-samples.js';
import {
  DESKTOP, PHONE, choose, fitsViewportWidth, onPage, openFromDrawer, pathOf, signIn, signInAsDemo, useAppAndBrowser,
} from '../helpers/browser.js';

const env = useAppAndBrowser();
const TODAY = todayIn('Asia/Kolkata');
const YEAR = academicYearOf(TODAY, 6);
const MONTH_NAME = new Date(`${TODAY}T00:00:00Z`).toLocaleString('en', { month: 'long', timeZone: 'UTC' });

/** A camera-sized JPEG (3000 px wide) of noise, which compresses badly: about 3.5 MB. */
async function largePhoto(): Promise<Buffer> {
  const width = 3000;
  const height = 2000;
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } }).jpeg({ quality: 80 }).toBuffer();
}

/** Slows this page's uploads (Chromium's network emulation), so the upload's progress can be seen;
 * 0 lifts the limit. */
async function limitUpload(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: bytesPerSecond || -1,
  });
}

/**
 * Records every value the two progress bars of the upload modal show, however briefly: a
 * MutationObserver on the page. `progressSeen` reads them back.
 */
async function watchProgress(page: Page) {
  await page.evaluate(() => {
    const seen: Record<string, number[]> = { compression: [], upload: [] };
    (window as unknown as { progressSeen: typeof seen }).progressSeen = seen;
    const read = () => {
      for (const [key, id] of [['compression', 'compression-progress'], ['upload', 'upload-progress']]) {
        const bar = document.querySelector(`[data-testid="${id}"] [role="progressbar"]`);
        const value = Number(bar?.getAttribute('aria-valuenow'));
        if (bar && seen[key].at(-1) !== value) seen[key].push(value);
      }
    };
    new MutationObserver(read).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
  });
}
const progressSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { progressSeen: Record<'compression' | 'upload', number[]> }).progressSeen);

/** naturalWidth of an image element, once it has loaded (0 while loading or when broken). */
const naturalWidth = (image: Locator) => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0));

describe('media gallery', () => {
  it('a principal uploads a 3000 px photo (made smaller first, with both progress bars), views it and deletes it', async () => {
    const photo = await largePhoto();
    expect(photo.length).toBeGreaterThan(2 * 1024 * 1024);
    expect(photo.length).toBeLessThan(10 * 1024 * 1024);

    await onPage(env, DESKTOP, async (page) => {
      await signInAsDemo(page, 'principal');
      await page.locator('#dashboard-navigation').getByRole('link', { name: 'Gallery', exact: true }).click();
      await page.getByRole('heading', { name: 'Media Gallery' }).waitFor();
      expect(pathOf(page)).toBe('/gallery');
      await page.getByTestId('gallery-empty').getByText(GALLERY_MESSAGES.empty).waitFor();
      await watchProgress(page);

      await page.getByRole('button', { name: 'Upload Media' }).click();
      const dialog = page.getByRole('dialog', { name: 'Upload Media' });
      await dialog.getByRole('textbox', { name: 'Title' }).waitFor();
      // The current academic year and month, and the default department.
      expect(await dialog.getByRole('combobox', { name: 'Academic Year' }).inputValue()).toBe(YEAR);
      expect(await dialog.getByRole('combobox', { name: 'Month' }).inputValue()).toBe(MONTH_NAME);
      expect(await dialog.getByRole('combobox', { name: 'Department' }).inputValue()).toBe('Sunday School');

      // Nothing is sent without a title and a file; a file of another kind is refused by name.
      await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
      await dialog.getByText(GALLERY_MESSAGES.titleRequired).waitFor();
      await dialog.getByRole('textbox', { name: 'Title' }).fill('Sunday picnic');
      await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
      await dialog.getByText(MEDIA_MESSAGES.selectFiles).waitFor();
      const input = page.getByTestId('upload-dropzone').locator('input[type="file"]');
      await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
      await dialog.getByText(MEDIA_MESSAGES.wrongType('notes.txt')).waitFor();
      await input.setInputFiles({ name: 'picnic.jpg', mimeType: 'image/jpeg', buffer: photo });
      await dialog.getByTestId('chosen-file').filter({ hasText: 'picnic.jpg' }).getByText(/will be made smaller/).waitFor();

      // Cancel during the upload stops it and keeps the form as it was.
      await limitUpload(page, 48 * 1024);
      await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
      await dialog.getByTestId('upload-progress').waitFor();
      await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
      await dialog.getByTestId('upload-progress').waitFor({ state: 'hidden' });
      expect(await dialog.getByRole('textbox', { name: 'Title' }).inputValue()).toBe('Sunday picnic');
      await dialog.getByTestId('chosen-file').filter({ hasText: 'picnic.jpg' }).waitFor();

      // Now through: compression 0 to 100, then a real upload progress.
      await limitUpload(page, 256 * 1024);
      const seenBefore = await progressSeen(page);
      const uploadCountBefore = seenBefore.upload.length;
      await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
      await page.getByText(MEDIA_MESSAGES.uploaded).waitFor();
      await dialog.waitFor({ state: 'hidden' });
      await limitUpload(page, 0);
      const seen = await progressSeen(page);
      expect(seen.compression).toContain(100);
      expect(seen.compression.some((value) => value < 100)).toBe(true);
      const upload = seen.upload.slice(uploadCountBefore);
      expect(upload.some((value) => value > 0 && value < 100)).toBe(true);

      // The card, with its thumbnail loaded.
      const card = page.getByTestId('media-card').filter({ hasText: 'Sunday picnic' });
      await card.getByText(`${MONTH_NAME} ${YEAR}`).waitFor();
      await card.getByText('Sunday School').waitFor();
      await expect.poll(() => naturalWidth(card.getByRole('img', { name: 'Sunday picnic' }))).toBeGreaterThan(0);
      expect(await page.getByTestId('media-card').count()).toBe(1);

      // What was stored is the smaller copy: 1200 px on its long side, and downloads under its name.
      const download = card.getByRole('link', { name: 'Download Sunday picnic' });
      expect(await download.getAttribute('download')).toBe('picnic.jpg');
      const stored = await page.request.get((await download.getAttribute('href'))!);
      expect(stored.status()).toBe(200);
      const { width, height } = await sharp(await stored.body()).metadata();
      expect(Math.max(width, height)).toBe(1200);

      // The viewer: the photo loaded, closed with Escape.
      await card.getByRole('button', { name: 'Open Sunday picnic' }).click();
      const viewer = page.getByRole('dialog', { name: 'Media viewer' });
      const image = viewer.getByRole('img', { name: 'Sunday picnic' });
      await expect.poll(() => naturalWidth(image)).toBeGreaterThan(0);
      await viewer.getByRole('link', { name: 'Download Sunday picnic' }).waitFor();
      await page.keyboard.press('Escape');
      await viewer.waitFor({ state: 'hidden' });

      // Delete asks first.
      await card.getByRole('button', { name: 'Delete Sunday picnic' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete media' });
      await confirm.getByText(GALLERY_MESSAGES.confirmDelete).waitFor();
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
      await page.getByText(GALLERY_MESSAGES.deleted).waitFor();
      await page.getByTestId('gallery-empty').waitFor();
      expect(await page.getByTestId('media-card').count()).toBe(0);
    });
  });

  it('a guest on a 375px phone browses the gallery read-only: department filter, viewer, no upload, download or delete', async () => {
    const { code } = await createChurch(env.app.db, { roles: ['super_admin', 'principal', 'guest'] });
    const principal = await signInByApi(env.app.url, code, `principal@${code.toLowerCase()}.test`);
    const upload = async (title: string, department: string, file: Blob, name: string) => {
      const form = new FormData();
      for (const [field, value] of Object.entries({ title, description: '', academic_year: YEAR, month: TODAY.slice(5, 7), department })) {
        form.append(field, value);
      }
      form.append('files', file, name);
      const res = await fetch(`${env.app.url}/api/gallery/upload`, {
        method: 'POST', headers: principal.headers, body: form,
      });
      expect(res.status).toBe(201);
    };
    await upload('Choir practice', 'Youth Choir', new Blob([await jpegSample(640, 480)], { type: 'image/jpeg' }), 'choir.jpg');
    await upload('Lesson plan', '', new Blob([pdfSample()], { type: 'application/pdf' }), 'lesson.pdf');

    await onPage(env, PHONE, async (page) => {
      await page.goto('/login');
      await signIn(page, code, `guest@${code.toLowerCase()}.test`, TEST_PASSWORD);
      await page.getByRole('heading', { name: 'Guest Dashboard' }).waitFor();
      await page.getByRole('button', { name: 'Open navigation' }).click();
      expect(await page.locator('#dashboard-navigation a').allTextContents()).toEqual(['Overview', 'Gallery']);
      await page.locator('#dashboard-navigation').getByRole('link', { name: 'Gallery', exact: true }).click();
      await page.getByRole('heading', { name: 'Media Gallery' }).waitFor();

      const cards = page.getByTestId('media-card');
      await cards.filter({ hasText: 'Choir practice' }).getByText('Youth Choir').waitFor();
      await cards.filter({ hasText: 'Lesson plan' }).getByText('Sunday School').waitFor();
      expect(await cards.count()).toBe(2);
      await expect.poll(() => naturalWidth(cards.getByRole('img', { name: 'Choir practice' }))).toBeGreaterThan(0);
      // Read-only.
      expect(await page.getByRole('button', { name: 'Upload Media' }).count()).toBe(0);
      expect(await page.getByRole('link', { name: /^Download / }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^Delete / }).count()).toBe(0);
      expect(await fitsViewportWidth(page)).toBe(true);

      // The department filter is kept in the address: Back returns to all departments.
      await choose(page, page.getByRole('combobox', { name: 'Department' }), 'Youth Choir');
      await expect.poll(() => cards.count()).toBe(1);
      await cards.filter({ hasText: 'Choir practice' }).waitFor();
      expect(new URL(page.url()).searchParams.get('department')).toBe('youth_choir');
      await page.goBack();
      await expect.poll(() => cards.count()).toBe(2);
      expect(new URL(page.url()).searchParams.get('department')).toBeNull();

      // The viewer on a phone: the photo, then the PDF, with no download offered.
      await cards.filter({ hasText: 'Choir practice' }).getByRole('button', { name: 'Open Choir practice' }).click();
      const viewer = page.getByRole('dialog', { name: 'Media viewer' });
      await expect.poll(() => naturalWidth(viewer.getByRole('img', { name: 'Choir practice' }))).toBeGreaterThan(0);
      expect(await viewer.getByRole('link', { name: /^Download/ }).count()).toBe(0);
      expect(await fitsViewportWidth(page)).toBe(true);
      const newestFirst = await cards.allTextContents();
      await page.keyboard.press(newestFirst[0].includes('Choir practice') ? 'ArrowRight' : 'ArrowLeft');
      // The slide on show (the viewer keeps its neighbours ready beside it).
      await viewer.locator('.yarl__slide_current').getByRole('link', { name: 'Open PDF' }).waitFor();
      await viewer.getByRole('button', { name: 'Close' }).click();
      await viewer.waitFor({ state: 'hidden' });

      // A photo that cannot be loaded shows a placeholder in its place.
      await page.route(/\/api\/gallery\/image\/[^?]+\.webp\?/, (route) => route.abort());
      await page.reload();
      await cards.filter({ hasText: 'Choir practice' }).getByText('Image unavailable').waitFor();
      expect(await cards.getByRole('img', { name: 'Choir practice' }).count()).toBe(0);
    }, { allowErrors: /Failed to load resource/ });
  });

  it('the gallery and the upload form fit a 375px phone', async () => {
    await onPage(env, PHONE, async (page) => {
      await signInAsDemo(page, 'principal');
      await openFromDrawer(page, 'Gallery');
      await page.getByRole('heading', { name: 'Media Gallery' }).waitFor();
      await page.getByTestId('gallery-filters').waitFor();
      expect(await fitsViewportWidth(page)).toBe(true);
      await page.getByRole('button', { name: 'Upload Media' }).click();
      const dialog = page.getByRole('dialog', { name: 'Upload Media' });
      await dialog.getByTestId('upload-dropzone').waitFor();
      await dialog.getByTestId('upload-dropzone').locator('input[type="file"]')
        .setInputFiles({ name: 'a-photo-with-a-rather-long-name-taken-on-a-phone-camera.jpg', mimeType: 'image/jpeg', buffer: await jpegSample() });
      await dialog.getByTestId('chosen-file').waitFor();
      expect(await fitsViewportWidth(page)).toBe(true);
      await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
      await dialog.waitFor({ state: 'hidden' });
    });
  });
});
