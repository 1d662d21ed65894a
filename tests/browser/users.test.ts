import { describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '../../common/schemas/users.js';
import {
  DEMO_CODE, DESKTOP, PHONE, choose, fitsViewportWidth, onPage, pathOf, signIn, signInAsDemo, useAppAndBrowser,
} from '../helpers/browser.js';

const env = useAppAndBrowser();

describe('teacher and user management', () => {
  it('a super admin adds a teacher and gives them a class; deactivating the teacher sends their open page to sign-in', async () => {
    const name = 'Rebecca Browser';
    const email = `rebecca.${Date.now()}@demo01.example.org`;
    const password = 'rebecca-password-1';

    await onPage(env, DESKTOP, async (admin) => {
      await signInAsDemo(admin, 'superadmin');
      const nav = admin.locator('#dashboard-navigation');
      await nav.getByRole('link', { name: 'User Management', exact: true }).click();
      await admin.getByRole('heading', { name: 'User Management', exact: true }).waitFor();
      expect(pathOf(admin)).toBe('/users');
      await admin.getByTestId('users-table').waitFor();

      // The form checks with the shared schema before it calls the server.
      const form = admin.getByTestId('user-form');
      await form.getByRole('button', { name: 'Add User' }).click();
      await form.getByText(USER_MESSAGES.nameRequired).waitFor();
      await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
      await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
      await form.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
      await form.getByRole('textbox', { name: 'Phone', exact: true }).fill('+91 98765 00000');
      await form.getByRole('button', { name: 'Add User' }).click();
      await admin.getByText(USER_MESSAGES.teacherCreated, { exact: true }).waitFor();
      const userRow = admin.getByTestId('users-table').getByRole('row').filter({ hasText: email });
      await userRow.getByText('Teacher', { exact: true }).waitFor();
      await userRow.getByText('Active', { exact: true }).waitFor();
      await admin.getByTestId('teachers-table').getByRole('row').filter({ hasText: email }).getByText('None').waitFor();

      // Class Management: a class for the new teacher.
      await nav.getByRole('link', { name: 'Class Management', exact: true }).click();
      const classForm = admin.getByTestId('class-form');
      await choose(admin, classForm.getByRole('combobox', { name: 'Class Name', exact: true }), '9th');
      await classForm.getByRole('textbox', { name: 'Section', exact: true }).fill('Q');
      await choose(admin, classForm.getByRole('combobox', { name: 'Class Teacher', exact: true }), name);
      await classForm.getByRole('button', { name: 'Add Class' }).click();
      await admin.getByTestId('classes-table').getByRole('row').filter({ hasText: '9th' }).getByText(name).waitFor();

      await onPage(env, DESKTOP, async (teacher) => {
        await teacher.goto('/login');
        await signIn(teacher, DEMO_CODE, email, password);
        await teacher.getByRole('heading', { name: 'Teacher Dashboard' }).waitFor();
        await teacher.locator('#dashboard-navigation').getByRole('link', { name: 'Classes', exact: true }).click();
        const mine = teacher.getByTestId('classes-table').getByRole('row').filter({ hasText: '9th' });
        await mine.getByText('Q', { exact: true }).waitFor();

        // The super admin sees the class on the teacher's row, then deactivates them (confirmed first).
        await nav.getByRole('link', { name: 'User Management', exact: true }).click();
        await admin.getByTestId('teachers-table').getByRole('row').filter({ hasText: email }).getByText('9th Q').waitFor();
        await admin.getByRole('button', { name: `Deactivate ${name}` }).click();
        const dialog = admin.getByRole('dialog');
        await dialog.getByText(USER_MESSAGES.confirmDeactivate(name)).waitFor();
        await dialog.getByRole('button', { name: 'Deactivate', exact: true }).click();
        await admin.getByText(USER_MESSAGES.userDeactivated, { exact: true }).waitFor();
        await userRow.getByText('Inactive', { exact: true }).waitFor();

        // The teacher's next call is refused: their page goes to sign-in.
        // (A call the page makes by itself may be the first refused: then it is at sign-in already.)
        const toLogin = teacher.waitForURL((url) => url.pathname === '/login');
        const students = teacher.locator('#dashboard-navigation').getByRole('link', { name: 'Students', exact: true });
        await Promise.race([toLogin, students.click().catch(() => undefined)]);
        await toLogin;
      }, { allowErrors: /401|Unauthorized/ });

      // User Management fits a phone.
      await admin.setViewportSize(PHONE);
      await admin.getByTestId('users-table').waitFor();
      expect(await fitsViewportWidth(admin)).toBe(true);
    });
  });

  it('a principal sees Teacher Management without the action column', async () => {
    await onPage(env, PHONE, async (page) => {
      await signInAsDemo(page, 'principal');
      await page.goto('/teachers');
      await page.getByRole('heading', { name: 'Teacher Management', exact: true }).waitFor();
      await page.getByTestId('teachers-table').waitFor();
      expect(await page.getByRole('button', { name: /^Delete teacher/ }).count()).toBe(0);
      expect(await page.getByTestId('user-form').getByRole('combobox', { name: 'Role' }).count()).toBe(0);
      expect(await fitsViewportWidth(page)).toBe(true);
    });
  });
});
