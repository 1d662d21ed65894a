import { describe, expect, it } from 'vitest';
import { MEDIA_MESSAGES } from '../../common/media-limits.js';
import { signIn as signInThroughApi } from '../helpers/church-session.js';
import { createChurch, createClassWithStudents, TEST_PASSWORD, type Json } from '../helpers/fixtures.js';
import { jpegSample } from '../helpers/media-samples.js';
import { DESKTOP, PHONE, onPage, openFromNavigation, signIn, useAppAndBrowser } from '../helpers/browser.js';

const env = useAppAndBrowser();

describe('children tagged in the gallery, and photo consent', () => {
  it('a principal tags a child at upload: marked for them, hidden from a guest on a phone until the child has photo consent', async () => {
    const { code, church } = await createChurch(env.app.db, { roles: ['principal', 'guest'] });
    const { students: [child] } = await createClassWithStudents(env.app.db, church.id, { names: ['Mariamma Joseph', 'Thomas Kurian'] });
    const email = (role: string) => `${role}@${code.toLowerCase()}.test`;

    await onPage(env, DESKTOP, async (principal) => {
      await principal.goto('/login');
      await signIn(principal, code, email('principal'), TEST_PASSWORD);
      await openFromNavigation(principal, '/gallery');
      await principal.getByRole('button', { name: 'Upload Media' }).click();
      const dialog = principal.getByRole('dialog', { name: 'Upload Media' });
      await dialog.getByRole('textbox', { name: 'Title' }).fill('Christmas play');
      // The picker searches the church's students by name.
      await dialog.getByRole('combobox', { name: 'Children in this item' }).fill('mari');
      await principal.getByRole('option', { name: /^Mariamma Joseph/ }).click();
      await principal.getByTestId('upload-dropzone').locator('input[type="file"]')
        .setInputFiles({ name: 'play.jpg', mimeType: 'image/jpeg', buffer: await jpegSample(640, 480) });
      await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
      await principal.getByText(MEDIA_MESSAGES.uploaded).waitFor();
      const card = principal.getByTestId('media-card').filter({ hasText: 'Christmas play' });
      await card.getByTestId('consent-missing').getByText('Consent missing').waitFor();
      // The viewer names the children, and those without photo consent.
      await card.getByRole('button', { name: 'Open Christmas play' }).click();
      await principal.getByTestId('tagged-children').getByText('Children: Mariamma Joseph').waitFor();
      await principal.getByText('No photo consent: Mariamma Joseph').waitFor();
      await principal.keyboard.press('Escape');

      await onPage(env, PHONE, async (guest) => {
        await guest.goto('/login');
        await signIn(guest, code, email('guest'), TEST_PASSWORD);
        await openFromNavigation(guest, '/gallery');
        await guest.getByTestId('gallery-empty').waitFor();

        // The guardian's answer on paper, recorded by the principal through the consent API.
        const staff = await signInThroughApi(env.app.url, code, email('principal'));
        const [guardian] = (await staff.get(`/api/students/${child.id}/guardians`)).body.data as Json[];
        const recorded = await staff.post(`/api/students/${child.id}/consents`, {
          guardian_id: guardian.id, method: 'paper_form', answers: { photos: true },
        });
        expect(recorded.status).toBe(201);
        await guest.reload();
        const seen = guest.getByTestId('media-card').filter({ hasText: 'Christmas play' });
        await seen.waitFor();
        expect(await seen.getByTestId('consent-missing').count()).toBe(0);
        // Its picture loads through the guest's address, checked against consent.
        await expect.poll(() => seen.locator('img').evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);
        expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      });

      await principal.reload();
      await card.waitFor();
      expect(await card.getByTestId('consent-missing').count()).toBe(0);
      // Tag children on the card opens the same picker with the child already chosen.
      await card.getByRole('button', { name: 'Tag children in Christmas play' }).click();
      const tagging = principal.getByRole('dialog', { name: 'Tag children' });
      await tagging.getByText(/^Mariamma Joseph/).waitFor();
      await tagging.getByRole('button', { name: 'Cancel' }).click();
      await tagging.waitFor({ state: 'hidden' });
    });
  });
});
