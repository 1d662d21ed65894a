import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { media, mediaChildren, studentConsents } from '../../drizzle/schema/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { churchWithSessions, type ChurchWithSessions } from '../helpers/church-session.js';
import { createClassWithStudents } from '../helpers/fixtures.js';
import { jpegSample } from '../helpers/media-samples.js';

// A child's family export holds the media the child is tagged in, but not an item that also shows
// another child without photo consent in force: that family has not agreed to the photo leaving the
// church. The export is made and downloaded through HTTP.

let app: TestApp;
let a: ChurchWithSessions;
let kids: Array<{ id: string; name: string }>;

/** The entries of a ZIP by name. */
function entriesOf(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err) return reject(err);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => { entries.set(entry.fileName, Buffer.concat(chunks)); zip.readEntry(); });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

beforeAll(async () => {
  app = await startTestApp();
  a = await churchWithSessions(app);
  // Anna (the export's child, no photo consent of her own), Ben (photo consent given), Cara (never
  // answered), Dev (given, then withdrawn).
  const made = await createClassWithStudents(app.db, a.church.id, { names: ['Anna', 'Ben', 'Cara', 'Dev'] });
  kids = made.students;
  const [anna, ben, cara, dev] = kids;
  const photo = await jpegSample();
  const items: Array<[string, string[]]> = [
    ['anna-alone.jpg', [anna.id]], ['with-ben.jpg', [anna.id, ben.id]], ['with-cara.jpg', [anna.id, cara.id]],
    ['with-dev.jpg', [anna.id, dev.id]], ['with-ben-and-cara.jpg', [anna.id, ben.id, cara.id]],
  ];
  /** A stored name as the storage makes them: 22 letters and the extension. */
  const stored = (i: number) => `Photo${i}`.padEnd(22, 'A') + '.jpg';
  for (const i of items.keys()) await app.server.services.mediaStorage.put(`${a.church.id}/${stored(i)}`, Readable.from([photo]), 'image/jpeg');
  await app.db.withTenant(a.church.id, async (tx) => {
    const answer = (studentId: string, given: boolean, at: string) => ({
      churchId: a.church.id, studentId, purpose: 'photos', given, guardianName: 'Parent', guardianRelation: 'parent',
      method: 'paper_form', recordedBy: a.users.principal.id, recordedByName: 'Principal', recordedAt: new Date(at),
    });
    await tx.insert(studentConsents).values([
      answer(ben.id, true, '2025-01-01T00:00:00Z'), answer(dev.id, true, '2025-01-01T00:00:00Z'), answer(dev.id, false, '2025-02-01T00:00:00Z'),
    ]);
    for (const [i, [name, tagged]] of items.entries()) {
      const [item] = await tx.insert(media).values({
        churchId: a.church.id, title: name, academicYear: made.class.academicYear, month: '12', fileType: 'image/jpeg', fileName: name,
        filePath: stored(i), fileSize: photo.length, uploadedBy: a.users.principal.id, createdAt: new Date(Date.UTC(2025, 0, 1 + i)),
      }).returning();
      await tx.insert(mediaChildren).values(tagged.map((studentId) => ({ churchId: a.church.id, mediaId: item.id, studentId })));
    }
  });
}, 120_000);
afterAll(async () => { await app?.close(); });

describe('media in a family export', () => {
  it('an item goes in only when every other child tagged in it has photo consent in force', async () => {
    const started = await a.s.principal.post(`/api/students/${kids[0].id}/export`);
    expect(started.status, started.body.message).toBe(202);
    await app.server.services.background.idle();
    const link = await a.s.principal.post(`/api/exports/${started.body.data.id}/link`);
    expect(link.status, link.body.message).toBe(200);
    const res = await fetch(app.url + link.body.data.path);
    expect(res.status).toBe(200);
    const files = await entriesOf(Buffer.from(await res.arrayBuffer()));
    const mediaNames = [...files.keys()].filter((n) => n.startsWith('media/')).map((n) => n.replace(/^media\/\d+-/, '')).sort();
    // Her own photo, and the one with Ben (consent given); not Cara's (never answered), Dev's
    // (withdrawn) or the one with Ben and Cara.
    expect(mediaNames).toEqual(['anna-alone.jpg', 'with-ben.jpg']);
    expect(JSON.parse(files.get('media-not-included.json')!.toString())).toMatchObject({ count: 3 });
  });
});
