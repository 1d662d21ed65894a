import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { createChurch } from '../helpers/fixtures.js';
import { signIn, type ChurchSession } from '../helpers/church-session.js';
import { createAssociation, officerEmail, signInOfficer } from '../helpers/associations.js';
import { pdfSample } from '../helpers/media-samples.js';
import { CIRCULAR_PDF_MAX_MB } from '../../common/schemas/association-members.js';

// A circular's PDF through the real stack: published with the circular in one multipart form (a PDF
// by its first bytes, at most the limit, all or nothing), downloaded by the association's officers
// and by the churches the circular reached (the church-side listing's rule), 404 to anyone else.

let app: TestApp;
let x: Awaited<ReturnType<typeof createAssociation>>;
let y: Awaited<ReturnType<typeof createAssociation>>;
let xAdmin: ChurchSession;
let xController: ChurchSession;
let yAdmin: ChurchSession;
let sectionA: string;
let sectionB: string;

const officer = (code: string, role: Parameters<typeof officerEmail>[0]) => signInOfficer(app.url, code, officerEmail(role, code));

async function memberChurch(sectionId: string | null) {
  const church = await createChurch(app.db, { roles: ['super_admin', 'principal', 'teacher'] });
  const invited = await xAdmin.post('/api/association/members', { church_code: church.code, section_id: sectionId });
  const admin = await signIn(app.url, church.code, `superadmin@${church.code.toLowerCase()}.test`);
  expect((await admin.post(`/api/church-association/invitations/${invited.body.data.membership_id}/accept`)).status).toBe(200);
  const principal = await signIn(app.url, church.code, `principal@${church.code.toLowerCase()}.test`);
  const teacher = await signIn(app.url, church.code, `teacher@${church.code.toLowerCase()}.test`);
  return { admin, principal, teacher };
}

/** POST /api/association/circulars/upload as the publish form sends it: the fields, then the file. */
async function publish(session: ChurchSession | undefined, fields: Record<string, string>, file?: { data: Buffer; name: string; type?: string }) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) form.append('pdf', new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/pdf' }), file.name);
  const res = await fetch(`${app.url}/api/association/circulars/upload`, { method: 'POST', headers: session?.headers ?? {}, body: form });
  return { status: res.status, body: await res.json() as { data?: { id: string }; message?: string; reason?: string } };
}

const download = (session: ChurchSession, where: 'association' | 'church-association', id: string) =>
  fetch(`${app.url}/api/${where}/circulars/${id}/pdf`, { headers: session.headers });

/** The association's stored files (the local storage's folder of its id). */
const storedFiles = () => readdir(path.join(app.config.UPLOADS_DIR, x.association.id)).catch(() => [] as string[]);

const pdfOf = (bytes: number) => Buffer.concat([pdfSample(), Buffer.alloc(Math.max(0, bytes - pdfSample().length), 0x20)]);

beforeAll(async () => {
  app = await startTestApp();
  x = await createAssociation(app.db);
  y = await createAssociation(app.db, ['association_admin']);
  xAdmin = await officer(x.code, 'association_admin');
  xController = await officer(x.code, 'examination_controller');
  yAdmin = await officer(y.code, 'association_admin');
  sectionA = (await xAdmin.post('/api/association/sections', { name: 'North' })).body.data.id as string;
  sectionB = (await xAdmin.post('/api/association/sections', { name: 'South' })).body.data.id as string;
}, 120_000);
afterAll(async () => { await app?.close(); });

describe('publishing a circular with a PDF', () => {
  it('refuses what is not a PDF, too large, or not a publisher\'s, keeping neither a circular nor a file', async () => {
    const fields = { title: 'Refused', body: 'Never published.' };
    const before = (await xAdmin.get('/api/association/circulars')).body.data.length as number;
    // A page named .pdf is not a PDF: its first bytes say so.
    const page = await publish(xAdmin, fields, { data: Buffer.from('<html><script>alert(1)</script></html>'), name: 'notes.pdf' });
    expect(page.status).toBe(415);
    expect(page.body).toMatchObject({ reason: 'circular_pdf_type', message: 'The attached file is not a PDF. Attach a PDF document, or none.' });
    const big = await publish(xAdmin, fields, { data: pdfOf(CIRCULAR_PDF_MAX_MB * 1024 * 1024 + 1), name: 'big.pdf' });
    expect(big.status).toBe(413);
    expect(big.body.reason).toBe('circular_pdf_too_large');
    expect((await publish(xAdmin, fields, { data: Buffer.alloc(0), name: 'empty.pdf' })).status).toBe(400);
    // Fields after the file, and wrong: the PDF was stored, then removed.
    const form = new FormData();
    form.append('pdf', new Blob([new Uint8Array(pdfSample())], { type: 'application/pdf' }), 'a.pdf');
    form.append('title', '');
    const late = await fetch(`${app.url}/api/association/circulars/upload`, { method: 'POST', headers: xAdmin.headers, body: form });
    expect(late.status).toBe(400);
    // A section of another association: the insert is refused, the stored PDF removed.
    const ySection = (await yAdmin.post('/api/association/sections', { name: 'Theirs' })).body.data.id as string;
    expect((await publish(xAdmin, { ...fields, section_id: ySection }, { data: pdfSample(), name: 'a.pdf' })).status).toBe(404);
    // Two files, a JSON body, no session, an officer who may not publish.
    const two = new FormData();
    for (const name of ['a.pdf', 'b.pdf']) two.append('pdf', new Blob([new Uint8Array(pdfSample())]), name);
    two.append('title', 'x');
    expect((await fetch(`${app.url}/api/association/circulars/upload`, { method: 'POST', headers: xAdmin.headers, body: two })).status).toBe(400);
    const json = await fetch(`${app.url}/api/association/circulars/upload`, {
      method: 'POST', headers: { ...xAdmin.headers, 'content-type': 'application/json' }, body: JSON.stringify(fields),
    });
    expect(json.status).toBe(415);
    expect((await publish(undefined, fields, { data: pdfSample(), name: 'a.pdf' })).status).toBe(401);
    expect((await publish(xController, fields, { data: pdfSample(), name: 'a.pdf' })).status).toBe(403);
    // A church's session is not an officer's.
    const church = await memberChurch(null);
    expect((await publish(church.admin, fields, { data: pdfSample(), name: 'a.pdf' })).status).toBe(401);
    expect((await xAdmin.get('/api/association/circulars')).body.data).toHaveLength(before);
    expect(await storedFiles()).toEqual([]);
  });

  it('publishes with or without a PDF; officers download it, and the churches it reached', async () => {
    const north = await memberChurch(sectionA);
    const south = await memberChurch(sectionB);
    const outsider = await createChurch(app.db, { roles: ['super_admin', 'principal'] });
    const outsiderAdmin = await signIn(app.url, outsider.code, `superadmin@${outsider.code.toLowerCase()}.test`);
    const data = pdfOf(200_000);
    const toNorth = await publish(xAdmin, { title: 'North meeting', body: 'Agenda attached.', section_id: sectionA }, { data, name: 'Agenda 2027 (final).pdf' });
    expect(toNorth.status).toBe(201);
    const id = toNorth.body.data!.id;
    const plain = await publish(xAdmin, { title: 'No file', body: 'Just text.', section_id: '' });
    expect(plain.status).toBe(201);
    expect(await storedFiles()).toHaveLength(1);

    const list = (await xAdmin.get('/api/association/circulars')).body.data as Array<Record<string, unknown>>;
    expect(list.find((c) => c.id === id)).toMatchObject({ pdf_name: 'Agenda 2027 (final).pdf', pdf_bytes: data.length, section_id: sectionA });
    expect(list.find((c) => c.id === plain.body.data!.id)).toMatchObject({ pdf_name: null, pdf_bytes: null, section_id: null });
    expect(JSON.stringify(list)).not.toContain(x.association.id + '/');

    for (const [session, where] of [[xAdmin, 'association'], [xController, 'association'], [north.principal, 'church-association'], [north.admin, 'church-association']] as const) {
      const res = await download(session, where, id);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="Agenda_2027__final_.pdf"');
      expect(res.headers.get('cache-control')).toContain('no-store');
      expect(Buffer.from(await res.arrayBuffer()).equals(data)).toBe(true);
    }
    // Downloading is not reading: the read mark stays the user's own.
    const seen = (await north.principal.get('/api/church-association/circulars')).body.data as Array<Record<string, unknown>>;
    expect(seen.find((c) => c.id === id)).toMatchObject({ read_by_me: false, readers: [], pdf_name: 'Agenda 2027 (final).pdf', pdf_bytes: data.length });
    expect(JSON.stringify(seen)).not.toContain('pdf_key');

    // Not found to everyone else: another association's officer, a church of another section, a
    // church of no association, a teacher (no circulars at all: 403); a circular without a PDF.
    expect((await download(yAdmin, 'association', id)).status).toBe(404);
    expect((await download(south.principal, 'church-association', id)).status).toBe(404);
    expect((await download(outsiderAdmin, 'church-association', id)).status).toBe(404);
    expect((await download(north.teacher, 'church-association', id)).status).toBe(403);
    expect((await download(xAdmin, 'church-association', id)).status).toBe(401);
    expect((await download(north.principal, 'association', id)).status).toBe(401);
    const none = await download(xAdmin, 'association', plain.body.data!.id);
    expect(none.status).toBe(404);
    expect((await none.json()).message).toBe('This circular has no PDF.');

    // A church that left no longer reaches it.
    expect((await north.admin.post('/api/church-association/leave')).status).toBe(200);
    expect((await download(north.principal, 'church-association', id)).status).toBe(404);
    expect((await download(xAdmin, 'association', id)).status).toBe(200);
  });

  it('offers a name of Latin letters as sent, and circular.pdf for one the header cannot carry', async () => {
    const published = await publish(xAdmin, { title: 'Malayalam', body: 'Text.' }, { data: pdfSample(), name: 'സർക്കുലർ.pdf' });
    expect(published.status).toBe(201);
    const res = await download(xAdmin, 'association', published.body.data!.id);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="circular.pdf"');
    const list = (await xAdmin.get('/api/association/circulars')).body.data as Array<Record<string, unknown>>;
    expect(list.find((c) => c.id === published.body.data!.id)?.pdf_name).toBe('സർക്കുലർ.pdf');
  });

  it('takes the text after the file too (checked once the form has arrived)', async () => {
    const form = new FormData();
    form.append('title', 'Text last');
    form.append('pdf', new Blob([new Uint8Array(pdfSample())], { type: 'application/pdf' }), 'late.pdf');
    form.append('body', 'Sent after the file.');
    const res = await fetch(`${app.url}/api/association/circulars/upload`, { method: 'POST', headers: xAdmin.headers, body: form });
    expect(res.status).toBe(201);
  });
});
