import { describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { attendance, churches, classes, studentGuardians, students } from '../../drizzle/schema/index.js';
import { addDays, dayOfWeek, todayIn } from '../../common/dates.js';
import { DEMO_CODE, DESKTOP, PHONE, SESSION_KEYS, fitsViewportWidth, onPage, openFromNavigation, signInAsDemo, textShown, useAppAndBrowser } from '../helpers/browser.js';

const env = useAppAndBrowser();

/** The demo church keeps Asia/Kolkata time (server/modules/demo/seed.ts) and marks its last Sundays. */
const today = todayIn('Asia/Kolkata');
const lastSunday = addDays(today, -dayOfWeek(today));
const [s0, s1, s2] = [lastSunday, addDays(lastSunday, -7), addDays(lastSunday, -14)];

/** The guardian who agreed to be contacted, reads Malayalam and uses WhatsApp on this number (stored,
 * shown for reading, messaged). */
const GUARDIAN = { name: 'Mary', phone: '+919847012345', shown: '+91 98470 12345', wa: '919847012345' };
const OTHER_GUARDIAN = 'Joseph';

/** A day as the follow-up list writes it in English: '15 November 2026'. */
const dayInEnglish = (date: string) =>
  new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

/**
 * The child of the scenario: the first of 3rd A (Thomas Teacher's class) in the demo church. Present
 * three Sundays ago, absent at the last two roll calls (written straight into the database: marking
 * through the app is limited to recent days), with one guardian who agreed to be contacted.
 */
async function absentChild() {
  const db = env.app.db;
  const [church] = await db.withPlatform((tx) => tx.select({ id: churches.id, name: churches.name }).from(churches).where(eq(churches.code, DEMO_CODE)));
  return db.withTenant(church.id, async (tx) => {
    const [child] = await tx.select({ id: students.id, name: students.name }).from(students)
      .innerJoin(classes, eq(classes.id, students.classId))
      .where(and(eq(classes.className, '3rd'), eq(classes.section, 'A'), eq(students.rollNumber, 1)));
    await tx.update(attendance).set({ status: 'present' }).where(and(eq(attendance.studentId, child.id), eq(attendance.date, s2)));
    await tx.update(attendance).set({ status: 'absent' }).where(and(eq(attendance.studentId, child.id), inArray(attendance.date, [s1, s0])));
    await tx.update(studentGuardians).set({
      name: GUARDIAN.name, phone: GUARDIAN.phone, whatsapp: 'phone', language: 'ml', contactConsent: true, consentRecordedAt: new Date(),
    }).where(eq(studentGuardians.studentId, child.id));
    // A second guardian, on WhatsApp but not agreed to be contacted: called, never messaged.
    await tx.insert(studentGuardians).values({
      churchId: church.id, studentId: child.id, position: 2, name: OTHER_GUARDIAN, relation: 'father', phone: '+919847055555', whatsapp: 'phone',
    });
    return { ...child, church: church.name };
  });
}

/** Chooses Mark Attendance's class: a native select, or Mantine's once its code is here. */
async function chooseClass(page: Page, option: string) {
  const box = page.getByRole('combobox', { name: 'Class', exact: true });
  if (await box.evaluate((element) => element.tagName === 'SELECT')) {
    await box.selectOption({ label: option });
    return;
  }
  await box.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const cardOf = (page: Page, name: string) => page.getByTestId('follow-up-item').filter({ hasText: name });

describe('absentee follow-up', () => {
  it('a teacher on a phone finds the child absent two Sundays, messages the guardian in Malayalam, records the call; a present mark takes the child off; the principal reads the figures and sets the number of absences', async () => {
    const child = await absentChild();

    await onPage(env, PHONE, async (page) => {
      await signInAsDemo(page, 'teacher');
      await openFromNavigation(page, '/follow-up');
      await page.getByRole('heading', { name: 'Follow-up', level: 1 }).waitFor();

      // The child alone is on the list (the demo's other absences are single ones), as a card.
      const card = cardOf(page, child.name);
      await card.waitFor();
      expect(await page.getByTestId('follow-up-item').count()).toBe(1);
      // Badges are written in capitals on screen: their text is read as it is.
      expect(await card.getByTestId('weeks-missed').textContent()).toBe('Missed 2 Sundays');
      expect(await card.getByTestId('last-present').innerText()).toBe(`Last present: ${dayInEnglish(s2)}`);
      // The name opens the child's safety card; the guardian without WhatsApp says why.
      expect(await card.getByTestId('follow-up-name').getAttribute('href')).toBe(`/students/${child.id}/card`);
      expect(await card.getByTestId('no-whatsapp').innerText()).toBe(`${OTHER_GUARDIAN}: has not agreed to be contacted, so no WhatsApp message`);
      expect(await card.getByRole('button', { name: `WhatsApp ${OTHER_GUARDIAN} on +91 98470 55555` }).count()).toBe(0);
      expect(await card.getByTestId('contact-status').textContent()).toBe('Not contacted');
      expect(await card.getByRole('link', { name: `Call ${GUARDIAN.name} on ${GUARDIAN.shown}` }).getAttribute('href')).toBe(`tel:${GUARDIAN.phone}`);
      expect(await fitsViewportWidth(page)).toBe(true);

      // WhatsApp: the message written in the guardian's language (the page speaks English), editable;
      // the link carries the number's digits and the text as the textarea holds it.
      await card.getByRole('button', { name: `WhatsApp ${GUARDIAN.name} on ${GUARDIAN.shown}` }).click();
      const dialog = page.getByRole('dialog');
      // The textbox by role: while the message is being written, a status named "Writing the message"
      // also answers to the label "Message".
      const message = dialog.getByRole('textbox', { name: 'Message', exact: true });
      await message.waitFor();
      const written = await message.inputValue();
      expect(written).toBe(`കഴിഞ്ഞ 2 ഞായറാഴ്ചകളിൽ സൺഡേ സ്കൂളിൽ ${child.name}-നെ ഞങ്ങൾ മിസ് ചെയ്തു. എല്ലാം സുഖമാണെന്ന് പ്രതീക്ഷിക്കുന്നു. - Thomas Teacher, ${child.church}`);
      const open = dialog.getByRole('link', { name: 'Open WhatsApp' });
      const textOf = async () => {
        const href = new URL((await open.getAttribute('href'))!);
        expect(`${href.origin}${href.pathname}`).toBe(`https://wa.me/${GUARDIAN.wa}`);
        return href.searchParams.get('text');
      };
      expect(await textOf()).toBe(written);
      await message.fill(`${written} 🙏 & ?`);
      expect(await textOf()).toBe(`${written} 🙏 & ?`);
      // Opening the chat (a new tab; wa.me is answered here, the machine has no internet) offers to
      // record the family as messaged; the card then says so.
      await page.context().route('https://wa.me/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' }));
      const chat = page.waitForEvent('popup');
      await open.click();
      await (await chat).close();
      const messaged = textShown(page, 'Contact recorded.');
      await dialog.getByTestId('mark-messaged').getByRole('button', { name: 'Mark as messaged' }).click();
      await messaged;
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => card.getByTestId('contact-status').textContent()).toBe('Contacted: Messaged on WhatsApp');

      // Record contact: reached, with a note; the card then says so.
      await card.getByRole('button', { name: 'Record contact' }).click();
      const record = page.getByRole('dialog');
      await record.getByRole('radio', { name: 'Reached' }).check();
      await record.getByLabel('Note (optional)').fill('Spoke to the mother; he was away at his grandmother\'s.');
      const recorded = textShown(page, 'Contact recorded.');
      await record.getByRole('button', { name: 'Save' }).click();
      await recorded;
      await expect.poll(() => card.getByTestId('contact-status').textContent()).toBe('Contacted: Reached');

      // Present at today's roll call: the child leaves the list.
      await openFromNavigation(page, '/attendance');
      await page.getByRole('heading', { name: 'Mark Attendance' }).waitFor();
      await chooseClass(page, '3rd A');
      const row = page.getByTestId('attendance-row').filter({ has: page.getByText(child.name, { exact: true }) });
      await row.waitFor();
      if (await row.getAttribute('data-status') !== 'present') await row.getByText('Present', { exact: true }).click();
      await expect.poll(() => row.getAttribute('data-status')).toBe('present');
      const marked = page.waitForResponse((r) => r.url().includes('/trpc/attendance.mark'));
      await page.getByTestId('save-attendance').click();
      expect((await marked).status()).toBe(200);
      await openFromNavigation(page, '/follow-up');
      await page.getByTestId('follow-up-empty').waitFor();
      expect(await page.getByTestId('follow-up-empty').innerText()).toContain('No child has missed 2 Sundays in a row');
      expect(await page.getByTestId('follow-up-item').count()).toBe(0);
    });

    // The principal's dashboard at desktop width: nobody left to follow up, 3rd A's family contacted this week.
    await onPage(env, DESKTOP, async (page) => {
      await signInAsDemo(page, 'principal');
      const card = page.getByTestId('follow-up-card');
      await card.getByTestId('follow-up-totals').waitFor();
      expect(await card.getByTestId('follow-up-totals').innerText()).toBe('0 children to follow up, 1 contacted this week');
      const cells = await card.getByTestId('follow-up-classes').locator('tbody tr').evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
      expect(cells).toEqual([['3rd A', '0', '1']]);
      await card.getByRole('link', { name: 'Open Follow-up' }).click();
      await page.getByRole('heading', { name: 'Follow-up', level: 1 }).waitFor();
      expect(await fitsViewportWidth(page)).toBe(true);

      // The setting, in Configuration: one absence is enough from now on, and the list says so.
      await openFromNavigation(page, '/configuration');
      const setting = page.getByRole('form', { name: 'Absentee Follow-up' });
      const field = setting.getByLabel('Absent Sundays in a row');
      await expect.poll(() => field.inputValue()).toBe('2');
      await field.fill('1');
      const saved = textShown(page, 'Follow-up setting saved');
      await setting.getByRole('button', { name: 'Save Follow-up' }).click();
      await saved;

      // The class days, beside it: Sunday unless chosen. With Wednesday too, the setting speaks of
      // class days instead of Sundays; after a reload the choice is the server's.
      const days = page.getByRole('form', { name: 'Class days' });
      await expect.poll(() => days.getByRole('checkbox', { name: 'Sunday' }).isChecked()).toBe(true);
      expect(await days.getByRole('checkbox', { name: 'Wednesday' }).isChecked()).toBe(false);
      await days.getByRole('checkbox', { name: 'Wednesday' }).check();
      const daysSaved = textShown(page, 'Class days saved');
      await days.getByRole('button', { name: 'Save class days' }).click();
      await daysSaved;
      await setting.getByLabel('Absent class days in a row').waitFor();
      await page.reload();
      await expect.poll(() => days.getByRole('checkbox', { name: 'Wednesday' }).isChecked()).toBe(true);
      // None at all is refused before anything is sent.
      for (const day of ['Sunday', 'Wednesday']) await days.getByRole('checkbox', { name: day }).uncheck();
      await days.getByRole('button', { name: 'Save class days' }).click();
      await days.getByText('Choose at least one day', { exact: true }).waitFor();
      expect(await fitsViewportWidth(page)).toBe(true);

      // Their own weekly digest, on the same screen: turned off, it is off on the server.
      const digest = page.getByRole('switch', { name: 'Send me the weekly digest' });
      await expect.poll(() => digest.isChecked()).toBe(true);
      const off = textShown(page, 'You will no longer get the weekly digest.');
      await digest.click({ force: true }); // Mantine's switch input sits under its painted track
      await off;
      expect(await page.evaluate(async ([tokenKey, codeKey]) => {
        const res = await fetch('/api/auth/digest', {
          headers: { Authorization: `Bearer ${localStorage.getItem(tokenKey)}`, 'X-Church-Code': localStorage.getItem(codeKey)! },
        });
        return ((await res.json()) as { data: { weekly_digest: boolean } }).data.weekly_digest;
      }, SESSION_KEYS)).toBe(false);

      await openFromNavigation(page, '/follow-up');
      await page.getByText('Children absent at their class\'s last roll call.', { exact: false }).waitFor();
    });
  });
});
