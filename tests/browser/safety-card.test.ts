import { describe, expect, it } from 'vitest';
import { demoEmail } from '../../server/modules/demo/index.js';
import { GUARDIAN_MESSAGES } from '../../common/schemas/guardians.js';
import { addDays, dayOfWeek, todayIn } from '../../common/dates.js';
import { signIn as signInThroughApi, type ChurchSession } from '../helpers/church-session.js';
import {
  DEMO_CODE, DEMO_PASSWORD, DESKTOP, PHONE, fitsViewportWidth, onPage, openFromNavigation, pathOf, signInAsDemo, textShown,
  useAppAndBrowser,
} from '../helpers/browser.js';

const env = useAppAndBrowser();

const NOTE = 'Peanut allergy: EpiPen in the red bag';
const TEACHER_NAME = 'Thomas Teacher';

/** A child of the demo teacher's first class, given (by the principal, through the API) two
 * guardians (the first with WhatsApp on their phone), a pickup, an emergency contact and a medical note. */
async function childWithCard() {
  const principal = await signInThroughApi(env.app.url, DEMO_CODE, demoEmail('principal', DEMO_CODE), DEMO_PASSWORD);
  const teacher = await signInThroughApi(env.app.url, DEMO_CODE, demoEmail('teacher', DEMO_CODE), DEMO_PASSWORD);
  const classes = await teacher.get('/api/classes/my-classes');
  const cls = classes.body.data[0] as { id: string; class_name: string; section: string | null };
  const roster = await teacher.get(`/api/students/class/${cls.id}`);
  const child = roster.body.data[0] as { id: string; name: string };
  const put = async (path: string, body: unknown) => {
    const res = await principal.put(`/api/students/${child.id}${path}`, body);
    expect(res.status, `${path}: ${res.body.message}`).toBe(200);
  };
  await put('/guardians', {
    guardians: [
      { name: 'Mary Mother', relation: 'mother', phone: '98470 12345', whatsapp: 'phone', contact_consent: true },
      { name: 'Joseph Father', relation: 'father', phone: '+91 90000 11111', whatsapp: 'none' },
    ],
  });
  await put('/pickups', { pickups: [{ name: 'Anna Aunt', relation: 'relative', phone: '9447012345' }] });
  await put('/emergency-contact', { contact: { name: 'Dr Paul', phone: '0484 2345678' } });
  await put('/medical-note', { note: NOTE });
  // A child of a class the teacher does not teach (the demo's LKG has no teacher).
  const all = (await principal.get('/api/classes')).body.data as { id: string; teacher_id: string | null }[];
  const otherClass = all.find((c) => c.teacher_id === null)!;
  const otherChild = (await principal.get(`/api/students/class/${otherClass.id}`)).body.data[0] as { id: string };
  return { principal, child, otherChild, classLabel: cls.section ? `${cls.class_name} ${cls.section}` : cls.class_name };
}

const readersOf = async (principal: ChurchSession, studentId: string) =>
  ((await principal.get(`/api/students/${studentId}/medical-note/views`)).body.data as { viewer_name: string; viewer_role: string }[]);

describe('the child safety card', () => {
  it('a teacher on a phone sees the badge in Mark Attendance, opens the card, calls or messages a guardian and reads the note (logged); a principal edits a phone', async () => {
    const { principal, child, otherChild, classLabel } = await childWithCard();
    expect(await readersOf(principal, child.id)).toEqual([]);

    await onPage(env, PHONE, async (page) => {
      await signInAsDemo(page, 'teacher');
      await openFromNavigation(page, '/attendance');
      const classPicker = page.getByRole('combobox', { name: 'Class', exact: true });
      await classPicker.selectOption({ label: classLabel });
      const row = page.getByTestId('attendance-row').filter({ hasText: child.name });
      await row.waitFor();
      // The badge is on this child's row only: no one else in the class has a note.
      await expect.poll(() => row.getByRole('img', { name: 'Has an allergy or medical note' }).count()).toBe(1);
      expect(await page.getByTestId('attendance-row').getByTestId('medical-badge').count()).toBe(1);
      expect(await fitsViewportWidth(page)).toBe(true);

      await row.getByRole('link', { name: child.name }).click();
      await page.getByRole('heading', { level: 1, name: child.name }).waitFor();
      expect(pathOf(page)).toBe(`/students/${child.id}/card`);
      await page.getByTestId('medical-badge').waitFor();
      expect(await page.getByTestId('safety-card').textContent()).not.toContain(NOTE);

      // Each phone shown for reading (grouped as India writes it), dialled and messaged in E.164.
      const mother = page.getByTestId('guardian').filter({ hasText: 'Mary Mother' });
      const callMother = mother.getByRole('link', { name: 'Call Mary Mother on +91 98470 12345' });
      expect(await callMother.getAttribute('href')).toBe('tel:+919847012345');
      expect(await callMother.textContent()).toBe('Call +91 98470 12345');
      expect(await mother.getByRole('link', { name: 'Message Mary Mother on WhatsApp' }).getAttribute('href')).toBe('https://wa.me/919847012345');
      // No WhatsApp on the father's phone: only the call button.
      const father = page.getByTestId('guardian').filter({ hasText: 'Joseph Father' });
      expect(await father.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(['tel:+919000011111']);
      expect(await page.getByTestId('pickup').getByRole('link').getAttribute('href')).toBe('tel:+919447012345');
      expect(await page.getByTestId('pickup').getByRole('link').textContent()).toBe('Call +91 94470 12345');
      expect(await page.getByTestId('emergency-contact').getByRole('link').getAttribute('href')).toBe('tel:+914842345678');
      expect(await page.getByTestId('emergency-contact').getByRole('link').textContent()).toBe('Call +91 484 234 5678');
      // Who has read the note is for the principal and the super admin (viewMedicalNoteLog), not a teacher.
      expect(await page.getByText('Who has read it').count()).toBe(0);
      expect(await fitsViewportWidth(page)).toBe(true);

      await page.getByRole('button', { name: 'Show medical note' }).click();
      await page.getByTestId('medical-note-text').getByText(NOTE).waitFor();

      // Another class's child is not found (the server answers 404), with the way back to Students.
      await page.goto(`/students/${otherChild.id}/card`);
      await page.getByTestId('card-not-found').getByText('This child was not found, or is not in one of your classes.').waitFor();
      expect(await page.getByRole('heading', { level: 1 }).allTextContents()).toEqual(['Safety card']);
    }, { allowErrors: /404/ });
    // The read is in the log the principal sees.
    expect(await readersOf(principal, child.id)).toEqual([expect.objectContaining({ viewer_name: TEACHER_NAME, viewer_role: 'teacher' })]);

    await onPage(env, DESKTOP, async (page) => {
      await signInAsDemo(page, 'principal');
      await page.goto(`/students/${child.id}/card`);
      await page.getByRole('heading', { level: 1, name: child.name }).waitFor();
      await page.getByTestId('medical-note-reads').getByText(TEACHER_NAME).waitFor();

      // Editing comes first: above the guardians, not after the whole card.
      const top = async (testId: string) => (await page.getByTestId(testId).boundingBox())!.y;
      expect(await top('card-edit')).toBeLessThan(await top('card-guardians'));
      await page.getByRole('link', { name: 'Edit contacts and note' }).click();
      await page.getByRole('heading', { level: 1, name: `Edit safety card: ${child.name}` }).waitFor();
      const first = page.getByRole('group', { name: 'Guardian 1' });
      const phone = first.getByRole('textbox', { name: 'Phone', exact: true });
      expect(await phone.inputValue()).toBe('+919847012345');
      await phone.fill('12345');
      await page.getByRole('button', { name: 'Save guardians' }).click();
      await first.getByText(GUARDIAN_MESSAGES.phoneInvalid).waitFor();
      // The same message as the server's own answer to that phone.
      const refused = await principal.put(`/api/students/${child.id}/guardians`, {
        guardians: [{ name: 'Mary Mother', relation: 'mother', phone: '12345' }],
      });
      expect(refused).toMatchObject({ status: 400, body: { message: GUARDIAN_MESSAGES.phoneInvalid } });

      await phone.fill('98470 99999');
      const saved = textShown(page, 'Guardians saved.');
      await page.getByRole('button', { name: 'Save guardians' }).click();
      await saved;
      expect(await phone.inputValue()).toBe('+919847099999');
      expect(await fitsViewportWidth(page)).toBe(true);
    });
    const guardians = (await principal.get(`/api/students/${child.id}/guardians`)).body.data as { name: string; phone: string }[];
    expect(guardians.map((g) => [g.name, g.phone])).toEqual([['Mary Mother', '+919847099999'], ['Joseph Father', '+919000011111']]);
  });

  it('the card lists the child\'s academic years, newest first, with each year\'s class and attendance (on a phone)', async () => {
    const principal = await signInThroughApi(env.app.url, DEMO_CODE, demoEmail('principal', DEMO_CODE), DEMO_PASSWORD);
    // The last child of the demo's LKG (seeded with weeks of Sunday marks) moves up to a class of next year.
    const all = (await principal.get('/api/classes')).body.data as { id: string; class_name: string; academic_year: string }[];
    const lkg = all.find((c) => c.class_name === 'LKG')!;
    const child = ((await principal.get(`/api/students/class/${lkg.id}`)).body.data as { id: string; name: string }[]).at(-1)!;
    const [from] = lkg.academic_year.split('-').map(Number);
    const nextYear = `${from + 1}-${from + 2}`;
    const ukg = await principal.post('/api/classes', { class_name: 'UKG', section: 'H', academic_year: nextYear });
    expect(ukg.status, ukg.body.message).toBe(201);
    expect((await principal.put(`/api/students/${child.id}`, { class_id: ukg.body.data.id })).status).toBe(200);
    // A weekday, so no seeded Sunday mark of the old class is moved to the new one.
    const today = todayIn('Asia/Kolkata');
    const date = dayOfWeek(today) === 0 ? addDays(today, -1) : today;
    const marked = await principal.post('/api/attendance/mark', { classId: ukg.body.data.id, date, attendanceData: [{ studentId: child.id, status: 'present' }] });
    expect(marked.status, marked.body.message).toBe(200);
    const { years } = (await principal.get(`/api/students/${child.id}/history`)).body.data as {
      years: { academic_year: string; present: number; total: number }[];
    };
    expect(years.map((y) => [y.academic_year, y.present, y.total])).toEqual([[nextYear, 1, 1], [lkg.academic_year, expect.any(Number), expect.any(Number)]]);
    expect(years[1].total).toBeGreaterThan(0);

    await onPage(env, PHONE, async (page) => {
      await signInAsDemo(page, 'principal');
      await page.goto(`/students/${child.id}/card`);
      const rows = page.getByTestId('card-history').getByTestId('history-year');
      await rows.first().waitFor();
      expect(await rows.allInnerTexts()).toEqual([
        expect.stringMatching(new RegExp(`^${nextYear}\\s+UKG H · Roll No 1\\s+1 of 1 day present\\s+100\\.0%$`)),
        expect.stringMatching(new RegExp(`^${lkg.academic_year}\\s+LKG · Roll No 8\\s+${years[1].present} of ${years[1].total} days present\\s+`)),
      ]);
      expect(await fitsViewportWidth(page)).toBe(true);
    });
  });
});
