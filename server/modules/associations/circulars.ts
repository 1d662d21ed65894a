import { and, desc, eq, inArray } from 'drizzle-orm';
import { associationCirculars, circularReads } from '../../../drizzle/schema/index.js';
import type { AssociationScope } from '../../core/scopes.js';
import { notFound } from '../../core/errors.js';
import { ASSOCIATION_MESSAGES as M } from './messages.js';
import { assertSection, listMembers } from './members.js';
import { auditOfficerChange } from './audit.js';
import type { CircularPdf } from './circular-pdf.js';

/** Publishes a circular to every member church, or to one section's, with the PDF already stored
 * for it if any (circular-pdf.ts). Audited. */
export async function publishCircular(scope: AssociationScope, input: { title: string; body: string; section_id: string | null }, pdf: CircularPdf | null = null) {
  await assertSection(scope, input.section_id);
  const [row] = await scope.tx.insert(associationCirculars).values({
    associationId: scope.association.id, sectionId: input.section_id, title: input.title, body: input.body, publishedByName: scope.officer.name,
    pdfKey: pdf?.key ?? null, pdfName: pdf?.name ?? null, pdfBytes: pdf?.bytes ?? null,
  }).returning({ id: associationCirculars.id, publishedAt: associationCirculars.publishedAt });
  await auditOfficerChange(scope, {
    action: 'publish_circular', resourceType: 'association_circular', resourceId: row.id,
    details: { section_id: input.section_id, pdf_bytes: pdf?.bytes ?? null }, description: `Published circular "${input.title}"`,
  });
  return { id: row.id, published_at: row.publishedAt.toISOString() };
}

/** The association's circulars, newest first, each with how many of the churches it went to have
 * read it (a church has read it once one of its people opened it). */
export async function listCirculars(scope: AssociationScope) {
  const circulars = await scope.tx.select({
    id: associationCirculars.id, title: associationCirculars.title, body: associationCirculars.body, section_id: associationCirculars.sectionId,
    published_by_name: associationCirculars.publishedByName, published_at: associationCirculars.publishedAt,
    pdf_name: associationCirculars.pdfName, pdf_bytes: associationCirculars.pdfBytes,
  }).from(associationCirculars).where(eq(associationCirculars.associationId, scope.association.id))
    .orderBy(desc(associationCirculars.publishedAt)).limit(200);
  const reads = circulars.length === 0 ? [] : await scope.tx.selectDistinct({ circularId: circularReads.circularId, churchId: circularReads.churchId })
    .from(circularReads).where(and(eq(circularReads.associationId, scope.association.id), inArray(circularReads.circularId, circulars.map((c) => c.id))));
  const members = (await listMembers(scope)).filter((m) => m.status === 'active');
  return circulars.map((c) => {
    const sentTo = new Set(members.filter((m) => c.section_id === null || m.section_id === c.section_id).map((m) => m.church_id));
    return {
      ...c, published_at: c.published_at.toISOString(), churches_sent: sentTo.size,
      // Churches it went to (members now) that have read it.
      churches_read: new Set(reads.filter((r) => r.circularId === c.id && sentTo.has(r.churchId)).map((r) => r.churchId)).size,
    };
  });
}

/** Who has read a circular: each church it went to (the members now, of its section), with its
 * readers and when; churches that have not read it yet too. */
export async function circularReaders(scope: AssociationScope, circularId: string) {
  const [circular] = await scope.tx.select().from(associationCirculars)
    .where(and(eq(associationCirculars.associationId, scope.association.id), eq(associationCirculars.id, circularId))).limit(1);
  if (!circular) throw notFound(M.circularNotFound);
  const reads = await scope.tx.select().from(circularReads)
    .where(and(eq(circularReads.associationId, scope.association.id), eq(circularReads.circularId, circularId)));
  const members = (await listMembers(scope)).filter((m) => m.status === 'active' && (circular.sectionId === null || m.section_id === circular.sectionId));
  return members.map((m) => {
    const readers = reads.filter((r) => r.churchId === m.church_id)
      .map((r) => ({ name: r.readerName, role: r.readerRole, read_at: r.readAt.toISOString() }));
    return { church_id: m.church_id, church_name: m.church_name, church_code: m.church_code, read: readers.length > 0, readers };
  });
}

/** The stored PDF of one of the association's circulars (404 when there is no such circular or it has none). */
export async function officerCircularPdf(scope: AssociationScope, circularId: string) {
  const [row] = await scope.tx.select({ key: associationCirculars.pdfKey, name: associationCirculars.pdfName }).from(associationCirculars)
    .where(and(eq(associationCirculars.associationId, scope.association.id), eq(associationCirculars.id, circularId))).limit(1);
  if (!row) throw notFound(M.circularNotFound);
  if (!row.key || !row.name) throw notFound(M.circularPdfNotFound);
  return { key: row.key, name: row.name };
}
