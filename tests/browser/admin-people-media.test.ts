import { describe, expect, it } from 'vitest';
import { academicYearOf } from '../../common/academic-year.js';
import { todayIn } from '../../common/dates.js';
import { ADMIN_PEOPLE_MESSAGES } from '../../common/schemas/admin-people.js';
import { users } from '../../drizzle/schema/index.js';
import { demoEmail } from '../../server/modules/demo/index.js';
import { api, createClassWithStudents } from '../helpers/fixtures.js';
import { signIn as signInByApi } from '../helpers/church-session.js';
import { jpegSample, pdfSample } from '../helpers/media-samples.js';
import { DEMO_CODE, DEMO_PASSWORD, DESKTOP, PHONE, fitsViewportWidth, onPage, openConsoleAsNewOperator, useAppAndBrowser } from '../helpers/browser.js';

const env = useAppAndBrowser();
const TABLET = { width: 768, height: 1024 };
const DEMO_CHURCH_LABEL = `Demo Church ${DEMO_CODE} (${DEMO_CODE})`;
const TODAY = todayIn('Asia/Kolkata');
const YEAR = academicYearOf(TODAY, 6);

/** DEMO01's id, as the operator's church list answers it. */
async function demoChurchId(token: string): Promise<string> {
  const res = await api(env.app.url, 'GET', `/api/admin/churches?search=${DEMO_CODE}`, { token });
  expect(res.status).toBe(200);
  return res.body.data.items[0].id as string;
}

/** A teacher of DEMO01 of this test's own, with a class of three students, so the demo's users stay as they are. */
async function createFreshTeacher(churchId: string) {
  const [demoTeacher] = await env.app.db.withTenant(churchId, (tx) => tx.select({ hash: users.passwordHash }).from(users).limit(1));
  const [teacher] = await env.app.db.withTenant(churchId, (tx) => tx.insert(users).values({
    churchId, role: 'teacher', name: 'Tina Temporary', email: 'tina.temporary@demo01.example.org', passwordHash: demoTeacher.hash,
  }).returning());
  await createClassWithStudents(env.app.db, churchId, { teacherId: teacher.id, students: 3 });
  return teacher;
}

/** Uploads one file to DEMO01's gallery as its principal. */
async function uploadToDemo(title: string, file: Blob, name: string) {
  const principal = await signInByApi(env.app.url, DEMO_CODE, demoEmail('principal', DEMO_CODE), DEMO_PASSWORD);
  const form = new FormData();
  for (const [field, value] of Object.entries({ title, description: 'Taken by the choir', academic_year: YEAR, month: TODAY.slice(5, 7), department: '' })) {
    form.append(field, value);
  }
  form.append('files', file, name);
  const res = await fetch(`${env.app.url}/api/gallery/upload`, {
    method: 'POST', headers: principal.headers, body: form,
  });
  expect(res.status).toBe(201);
}

describe('operator console: users and media', () => {
  it('an operator filters the users of DEMO01, views one, cannot delete its only super admin and deletes a teacher', async () => {
    await onPage(env, DESKTOP, async (page) => {
      const { token } = await openConsoleAsNewOperator(env, page);
      const teacher = await createFreshTeacher(await demoChurchId(token));

      await page.goto('/admin/dashboard');
      const nav = page.locator('#console-navigation');
      await nav.getByRole('link', { name: 'User Management', exact: true }).click();
      await page.getByRole('heading', { name: 'User Management', exact: true }).waitFor();

      // Church and role filters go to the address and back to page 1.
      await page.getByLabel('Church').selectOption({ label: DEMO_CHURCH_LABEL });
      await page.waitForURL((url) => url.searchParams.has('church'));
      await page.getByLabel('Role').selectOption({ label: 'Teacher' });
      await page.waitForURL((url) => url.searchParams.get('role') === 'teacher');
      const rows = page.getByTestId('user-row');
      const row = rows.filter({ hasText: teacher.email });
      // The previous page stays shown (dimmed) until the filtered one arrives.
      await expect.poll(() => rows.count()).toBe(2);
      await row.waitFor();
      await rows.filter({ hasText: demoEmail('teacher', DEMO_CODE) }).waitFor();
      expect(await page.getByTestId('role-badge').allTextContents()).toEqual(['Teacher', 'Teacher']);
      await row.getByText(DEMO_CODE, { exact: true }).waitFor();
      await row.getByTestId('active-badge').getByText('Active', { exact: true }).waitFor();

      // The details: fields, statistics and the permissions panel.
      await row.getByRole('button', { name: `View ${teacher.name}` }).click();
      const details = page.getByRole('dialog', { name: 'User Details' });
      await details.getByText(teacher.email, { exact: true }).waitFor();
      await details.getByText('Regular User', { exact: true }).waitFor();
      await details.getByText('N/A', { exact: true }).waitFor(); // no phone
      await details.getByTestId('user-classes').getByText('1', { exact: true }).waitFor();
      await details.getByTestId('user-students').getByText('3', { exact: true }).waitFor();
      const permissions = details.getByTestId('user-permissions');
      await permissions.getByText('Permissions and Access').waitFor();
      const allowed = async (key: string) => permissions.getByTestId(`permission-${key}`).getAttribute('data-allowed');
      expect(await allowed('manageClasses')).toBe('false');
      expect(await allowed('systemAdmin')).toBe('false');
      expect(await allowed('viewReports')).toBe('true');
      expect(await allowed('churchOwner')).toBe('false');
      await details.getByRole('button', { name: 'Close', exact: true }).click();
      await details.waitFor({ state: 'hidden' });

      // The church's only super admin: the server refuses, and says why.
      await page.getByLabel('Role').selectOption({ label: 'Super Admin' });
      await page.waitForURL((url) => url.searchParams.get('role') === 'super_admin');
      const owner = rows.filter({ hasText: demoEmail('superadmin', DEMO_CODE) });
      await owner.waitFor();
      await owner.getByRole('button', { name: 'View Sam Superadmin' }).click();
      await details.getByText('Church Owner', { exact: true }).first().waitFor();
      expect(await details.getByTestId('permission-systemAdmin').getAttribute('data-allowed')).toBe('true');
      expect(await details.getByTestId('permission-manageClasses').getAttribute('data-allowed')).toBe('true');
      await details.getByRole('button', { name: 'Close', exact: true }).click();
      await owner.getByRole('button', { name: 'Delete Sam Superadmin' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete user' });
      await confirm.getByRole('button', { name: 'Delete User' }).click();
      await confirm.getByRole('alert').getByText(`Failed to delete user: ${ADMIN_PEOPLE_MESSAGES.lastSuperAdmin}`).waitFor();
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'hidden' });
      expect(await owner.count()).toBe(1);

      // The new teacher is deleted; the list is asked again.
      await page.getByLabel('Role').selectOption({ label: 'Teacher' });
      await row.getByRole('button', { name: `Delete ${teacher.name}` }).click();
      await confirm.getByText(teacher.email, { exact: false }).waitFor();
      await confirm.getByRole('button', { name: 'Delete User' }).click();
      await page.getByText(ADMIN_PEOPLE_MESSAGES.userDeleted, { exact: true }).waitFor();
      await row.waitFor({ state: 'detached' });
      await expect.poll(() => rows.count()).toBe(1);

      // Back with the browser returns to the previous filter.
      await page.goBack();
      await page.waitForURL((url) => url.searchParams.get('role') === 'super_admin');
      await owner.waitFor();
    }, { allowErrors: /409|Conflict/ });
  });

  it('an operator filters the media of DEMO01 by type, opens an image\'s details and deletes it', async () => {
    await uploadToDemo('Choir picnic', new Blob([await jpegSample(640, 480)], { type: 'image/jpeg' }), 'choir-picnic.jpg');
    await uploadToDemo('Lesson plan', new Blob([pdfSample()], { type: 'application/pdf' }), 'lesson-plan.pdf');

    await onPage(env, DESKTOP, async (page) => {
      await openConsoleAsNewOperator(env, page);
      await page.goto('/admin/dashboard/media');
      await page.getByRole('heading', { name: 'Media Library', exact: true }).waitFor();
      await page.getByLabel('Church').selectOption({ label: DEMO_CHURCH_LABEL });
      await page.waitForURL((url) => url.searchParams.has('church'));
      const cards = page.getByTestId('admin-media-card');
      await cards.filter({ hasText: 'lesson-plan.pdf' }).waitFor();
      await cards.filter({ hasText: 'choir-picnic.jpg' }).waitFor();

      // Documents: the PDF alone, with no View button.
      await page.getByLabel('Type').selectOption({ label: 'Documents' });
      await page.waitForURL((url) => url.searchParams.get('type') === 'document');
      await expect.poll(() => cards.count()).toBe(1);
      const pdf = cards.filter({ hasText: 'lesson-plan.pdf' });
      await pdf.getByText(`Code: ${DEMO_CODE}`).waitFor();
      expect(await pdf.getByRole('link', { name: /^View / }).count()).toBe(0);

      // Images: the photo, with View opening its signed address in a new tab.
      await page.getByLabel('Type').selectOption({ label: 'Images' });
      await page.waitForURL((url) => url.searchParams.get('type') === 'image');
      const photo = cards.filter({ hasText: 'choir-picnic.jpg' });
      await photo.waitFor();
      await expect.poll(() => cards.count()).toBe(1);
      await photo.getByText('Priya Principal', { exact: false }).waitFor();
      const view = photo.getByRole('link', { name: 'View choir-picnic.jpg' });
      expect(await view.getAttribute('target')).toBe('_blank');

      // Details: the preview shows the image itself.
      await photo.getByRole('button', { name: 'Details of choir-picnic.jpg' }).click();
      const details = page.getByRole('dialog', { name: 'Media Details' });
      await details.getByText('Choir picnic', { exact: true }).waitFor();
      await details.getByText('Sunday School', { exact: true }).waitFor();
      await details.getByText('Taken by the choir', { exact: true }).waitFor();
      await details.getByText(YEAR, { exact: true }).waitFor();
      await expect.poll(() => details.getByTestId('media-preview').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
      await details.getByRole('link', { name: 'Open Image' }).waitFor();

      // Delete Media, confirmed: the card goes and the filtered list is empty.
      await details.getByRole('button', { name: 'Delete Media' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete media' });
      await confirm.getByRole('button', { name: 'Delete Media' }).click();
      await page.getByText(ADMIN_PEOPLE_MESSAGES.mediaDeleted, { exact: true }).waitFor();
      await details.waitFor({ state: 'hidden' });
      const empty = page.getByTestId('media-empty');
      await empty.getByText('No media files found').waitFor();
      await empty.getByText('Try adjusting your filters').waitFor();
    });
  });

  it('both screens fit a 375px phone and a 768px tablet', async () => {
    await onPage(env, PHONE, async (page) => {
      await openConsoleAsNewOperator(env, page);
      for (const [path, heading] of [['/admin/dashboard/users', 'User Management'], ['/admin/dashboard/media', 'Media Library']]) {
        await page.goto(path);
        await page.getByRole('heading', { name: heading, exact: true }).waitFor();
        await page.locator('[data-testid="users-table"], [data-testid="media-grid"], [data-testid="media-empty"]').first().waitFor();
        expect(await fitsViewportWidth(page)).toBe(true);
        await page.setViewportSize(TABLET);
        expect(await fitsViewportWidth(page)).toBe(true);
        await page.setViewportSize(PHONE);
      }
    });
  });
});
