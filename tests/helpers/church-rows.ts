import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { CERTIFICATE_CODE_ALPHABET } from '../../common/certificates.js';
import { MESSAGES } from '../../common/constants.js';
import { todayIn } from '../../common/dates.js';
import { previousYear } from '../../common/rollover.js';
import {
  academicYearRollovers, attendance, classSubstitutes, examMarkAmendments, examMarkWrites, examMarks, examPapers, examRemarks, exams, attendanceSyncBatches, churchPrivacyNotices, consentLinks, familyExports, followUpContacts, reportCardLinks, certificates, media, mediaChildren,
  childDataReads, paymentOrders, sessionRecords, studentCare, studentConsents, studentGuardians, studentPickups, users, associations, associationOfficers, associationMemberships, associationSections, associationCirculars, circularReads,
} from '../../drizzle/schema/index.js';
import type { Database } from '../../server/db/index.js';
import { createChurch, createClassWithStudents, TEST_PASSWORD } from './fixtures.js';
import { officerEmail } from './associations.js';
import { hashPassword } from '../../server/modules/credentials/index.js';
import type { VictimIds } from './replay-inputs.js';

/** Texts made by `marker` hold this: a search for it finds nothing of any other church. */
export const MARKER_PREFIX = 'Zqv';
const marker = (what: string) => `${MARKER_PREFIX}${what}${randomBytes(4).toString('hex')}`;

/**
 * A church with one user of each role and a row in every table a church owns: a class with two
 * students (their names made by `marker`), each with a guardian, a pickup, a medical note and an
 * emergency contact, one read of a note, a day of attendance, the offline batch its super admin sent
 * it in, a child on its follow-up list (absent at two earlier roll calls) with a contact record, a
 * session record, a media item (its stored name `mediaFile`; no file is stored) showing both children,
 * the first child's consent answers (enrolment and photos given, messages withdrawn) and a live consent
 * link (its token `consentToken`), a privacy notice, a family export ready to download, a payment
 * order, and an exam of the class's year with its paper, the children's marks, a remark, a correction and
 * the save that wrote them (its write id `examWrite`), and a certificate. Answers the church and the ids of its rows, one of each kind a procedure can name.
 */
export async function churchWithRows(db: Database) {
  const church = await createChurch(db, { roles: ['super_admin', 'principal', 'teacher', 'guest'] });
  const churchId = church.church.id;
  const today = todayIn('Asia/Kolkata');
  const { class: cls, students: roster } = await createClassWithStudents(db, churchId, {
    teacherId: church.users.teacher.id, names: [marker('Student'), marker('Student')], className: marker('Class'),
  });
  // A stored name as the gallery makes them (22 URL-safe characters and the extension).
  const mediaFile = `${randomBytes(16).toString('base64url').slice(0, 22)}.jpg`;
  const providerOrder = marker('order_');
  const batchId = randomUUID();
  const consentToken = randomBytes(32).toString('base64url');
  const [record, item, familyExport, guardian] = await db.withTenant(churchId, async (tx) => {
    await tx.update(users).set({ phone: '+91 98888 12345' });
    await tx.update(studentGuardians).set({ email: `${marker('parent')}@example.org`, phone2: '+919847099999', whatsapp: 'phone2' });
    await tx.insert(studentPickups).values(roster.map((s) => ({
      churchId, studentId: s.id, position: 1, name: marker('Pickup'), relation: 'grandparent', phone: '+919847088888',
    })));
    await tx.insert(studentCare).values(roster.map((s) => ({
      churchId, studentId: s.id, medicalNote: marker('Allergy'), emergencyName: marker('Emergency'), emergencyPhone: '+919847077777',
    })));
    await tx.insert(childDataReads).values({
      churchId, studentId: roster[0].id, kind: 'medical_note', readerId: church.users.teacher.id, readerName: 'teacher', readerRole: 'teacher',
    });
    await tx.insert(attendance).values(roster.map((s) => ({
      churchId, studentId: s.id, classId: cls.id, date: today, status: 'present', markedBy: church.users.teacher.id,
    })));
    const weekAgo = (weeks: number) => new Date(Date.parse(`${today}T00:00:00Z`) - weeks * 7 * 86_400_000).toISOString().slice(0, 10);
    await tx.insert(attendance).values([1, 2].map((weeks) => ({
      churchId, studentId: roster[1].id, classId: cls.id, date: weekAgo(weeks), status: 'absent', markedBy: church.users.teacher.id,
    })));
    await tx.insert(followUpContacts).values({
      churchId, studentId: roster[1].id, outcome: 'no_answer', note: marker('Note'), contactedBy: church.users.teacher.id, contactedByName: marker('Caller'),
    });
    await tx.insert(attendanceSyncBatches).values({
      churchId, id: batchId, userId: church.users.super_admin.id,
      answer: { batch_id: batchId, applied: roster.length, kept_newer: 0, refused: [], message: MESSAGES.attendanceSynced },
    });
    const [r] = await tx.insert(sessionRecords).values({
      churchId, academicYear: cls.academicYear, month: today.slice(5, 7), date: new Date(), notes: marker('Notes'), createdBy: church.users.principal.id,
    }).returning();
    const [m] = await tx.insert(media).values({
      churchId, title: marker('Photo'), academicYear: cls.academicYear, month: today.slice(5, 7), fileType: 'image/jpeg',
      fileName: `${marker('file')}.jpg`, filePath: mediaFile, fileSize: 1234, uploadedBy: church.users.principal.id, uploadedByName: 'principal',
    }).returning();
    // The photo shows both children: the first with photo consent, the second without.
    await tx.insert(mediaChildren).values(roster.map((s) => ({ churchId, mediaId: m.id, studentId: s.id, taggedBy: church.users.principal.id })));
    const [g] = await tx.select().from(studentGuardians).where(eq(studentGuardians.studentId, roster[0].id));
    const answer = { churchId, studentId: roster[0].id, guardianId: g.id, guardianName: g.name, guardianRelation: g.relation };
    await tx.insert(studentConsents).values([
      { ...answer, purpose: 'enrolment', given: true, method: 'paper_form', recordedBy: church.users.teacher.id, recordedByName: marker('Recorder') },
      { ...answer, purpose: 'photos', given: true, method: 'paper_form', recordedBy: church.users.teacher.id, recordedByName: marker('Recorder') },
      { ...answer, purpose: 'messages', given: false, method: 'in_person', recordedBy: church.users.teacher.id, recordedByName: marker('Recorder') },
    ]);
    await tx.insert(consentLinks).values({
      ...answer, language: 'ml', tokenHash: createHash('sha256').update(consentToken).digest('hex'),
      expiresAt: new Date(Date.now() + 86_400_000), createdBy: church.users.principal.id, createdByName: marker('Linker'),
    });
    await tx.insert(churchPrivacyNotices).values({ churchId, controller: marker('Controller'), contact: marker('Contact') });
    // A family export ready to download, its link made by the principal (no file is stored).
    const [e] = await tx.insert(familyExports).values({
      churchId, studentId: roster[0].id, status: 'ready', storageName: `${randomBytes(16).toString('base64url').slice(0, 22)}.zip`, bytes: 2048,
      tokenHash: randomBytes(32).toString('hex'), expiresAt: new Date(Date.now() + 86_400_000), requestedBy: church.users.principal.id,
      requestedByName: marker('Requester'), linkBy: church.users.principal.id, linkByName: marker('Linker'), linkByRole: 'principal',
    }).returning();
    return [r, m, e, g] as const;
  });
  // A rollover of the year before the class's (its record alone: the replay probes its undo by id).
  const [rollover] = await db.withTenant(churchId, (tx) => tx.insert(academicYearRollovers).values({
    churchId, fromYear: previousYear(cls.academicYear), toYear: cls.academicYear, summary: { marker: marker('Rollover') },
    createdBy: church.users.principal.id,
  }).returning());
  // The teacher cannot come today; the principal arranged a substitute (the super admin).
  const [absence] = await db.withTenant(churchId, (tx) => tx.insert(classSubstitutes).values({
    churchId, classId: cls.id, date: today, absentTeacherId: church.users.teacher.id, substituteId: church.users.super_admin.id,
    reportedBy: church.users.teacher.id, arrangedBy: church.users.principal.id,
  }).returning());
  // An exam of the class's year: its paper, both children's marks (one absent), a remark, a correction
  // and the save that wrote them.
  const examWrite = randomUUID();
  const [exam, paper] = await db.withTenant(churchId, async (tx) => {
    const [e] = await tx.insert(exams).values({
      churchId, academicYear: cls.academicYear, name: marker('Exam'), kind: 'half_yearly', createdBy: church.users.principal.id,
    }).returning();
    const [p] = await tx.insert(examPapers).values({ churchId, examId: e.id, classId: cls.id, name: marker('Paper'), maxMarks: 100 }).returning();
    await tx.insert(examMarks).values([
      { churchId, examId: e.id, paperId: p.id, studentId: roster[0].id, marks: '71.0', writeId: examWrite, enteredBy: church.users.teacher.id },
      { churchId, examId: e.id, paperId: p.id, studentId: roster[1].id, absent: true, writeId: examWrite, enteredBy: church.users.teacher.id },
    ]);
    await tx.insert(examMarkWrites).values({ churchId, id: examWrite, examId: e.id, classId: cls.id, writtenBy: church.users.teacher.id });
    await tx.insert(examRemarks).values({ churchId, examId: e.id, studentId: roster[0].id, remark: marker('Remark'), writtenBy: church.users.teacher.id });
    await tx.insert(examMarkAmendments).values({
      churchId, examId: e.id, paperId: p.id, studentId: roster[0].id, oldMarks: '17.0', oldAbsent: false, newMarks: '71.0', newAbsent: false,
      reason: marker('Reason'), amendedBy: church.users.principal.id, amendedByName: marker('Amender'),
    });
    // A guardian's report card link, made by the teacher.
    await tx.insert(reportCardLinks).values({
      churchId, studentId: roster[0].id, guardianId: guardian.id, academicYear: cls.academicYear, language: 'ml',
      tokenHash: randomBytes(32).toString('hex'), expiresAt: new Date(Date.now() + 86_400_000),
      createdBy: church.users.teacher.id, createdByName: marker('Sharer'), createdByRole: 'teacher',
    });
    // A merit certificate of the first child (its holder's name as printed is a marker).
    await tx.insert(certificates).values({
      churchId, studentId: roster[0].id, academicYear: cls.academicYear, classId: cls.id, className: cls.className, kind: 'merit', rank: 1,
      holderName: marker('Holder'), code: [...randomBytes(10)].map((b) => CERTIFICATE_CODE_ALPHABET[b % 32]).join(''), issuedBy: church.users.principal.id, issuedByName: marker('Issuer'),
    });
    return [e, p] as const;
  });
  // Orders are written by the platform door only (the tenant role may not).
  await db.withPlatform((tx) => tx.insert(paymentOrders).values({ churchId, provider: 'razorpay', providerOrderId: providerOrder, planTier: 'premium', amountPaise: 99_900 }));
  // Its association: a member of one (in a section, a circular to that section read by its principal),
  // and once of another, which it left. Made through the platform door, as if through the invitations.
  const officerHash = await hashPassword(TEST_PASSWORD);
  const { membership, section, circular, leftAssociation, currentAssociation, officer } = await db.withPlatform(async (tx) => {
    const [left, current] = await tx.insert(associations).values([
      { code: `L${church.code.slice(1)}`, name: 'Association it left', kind: 'district' },
      { code: `M${church.code.slice(1)}`, name: 'Its association', kind: 'diocese' },
    ]).returning();
    const officers = await tx.insert(associationOfficers).values([left, current].map((association) => ({
      associationId: association.id, role: 'association_admin' as const, name: `Admin of ${association.name}`,
      email: officerEmail('association_admin', association.code), passwordHash: officerHash,
    }))).returning();
    await tx.insert(associationMemberships).values({
      associationId: left.id, churchId, status: 'left', invitedByName: 'an officer', answeredAt: new Date(), leftAt: new Date(),
    });
    const [s] = await tx.insert(associationSections).values({ associationId: current.id, name: marker('Section') }).returning();
    const [m] = await tx.insert(associationMemberships).values({
      associationId: current.id, churchId, sectionId: s.id, status: 'active', invitedByName: 'an officer', answeredAt: new Date(),
    }).returning();
    const [c] = await tx.insert(associationCirculars).values({
      associationId: current.id, sectionId: s.id, title: marker('Circular'), body: marker('Circular text'), publishedByName: 'an officer',
      // Its PDF's key; the file itself is stored by the test that needs it (circularPdfKey).
      pdfKey: `${current.id}/${randomBytes(16).toString('base64url').slice(0, 22)}.pdf`, pdfName: `${marker('Circular file')}.pdf`, pdfBytes: 100,
    }).returning();
    await tx.insert(circularReads).values({
      churchId, associationId: current.id, circularId: c.id, userId: church.users.principal.id, readerName: marker('Reader'), readerRole: 'principal',
    });
    return { membership: m, section: s, circular: c, leftAssociation: left, currentAssociation: current, officer: officers[1] };
  });
  const ids: VictimIds = {
    church: churchId, class: cls.id, student: roster[0].id, teacher: church.users.teacher.id,
    record: record.id, media: item.id, providerOrder, batch: batchId, export: familyExport.id, guardian: guardian.id,
    rollover: rollover.id, absence: absence.id, exam: exam.id, paper: paper.id, examWrite,
    membership: membership.id, section: section.id, circular: circular.id, officer: officer.id, association: currentAssociation.id,
  };
  return { ...church, ids, mediaFile, circularPdfKey: circular.pdfKey!, consentToken, leftAssociationCode: leftAssociation.code, associationCode: currentAssociation.code };
}

/**
 * A church's rows in every table that holds them (and its audit entries), as JSON in a stable
 * order: equal snapshots mean nothing of the church changed. `except` leaves tables out.
 */
export async function snapshotOf(db: Database, churchId: string, except: readonly string[] = []) {
  const tables = await db.ownerQuery<{ table_name: string }>(sql`
    select table_name from information_schema.columns where table_schema = 'public' and column_name = 'church_id' order by 1`);
  const where = [...tables.map((t) => [t.table_name, 'church_id'] as const), ['churches', 'id'] as const, ['audit_log', 'target_church_id'] as const];
  const snapshot: Record<string, unknown> = {};
  for (const [table, column] of where.filter(([name]) => !except.includes(name))) {
    const [row] = await db.ownerQuery<{ rows: unknown }>(sql`
      select coalesce(jsonb_agg(to_jsonb(x) order by to_jsonb(x)::text), '[]'::jsonb) as rows
      from ${sql.identifier(table)} x where ${sql.identifier(column)} = ${churchId}`);
    snapshot[table] = row.rows;
  }
  return snapshot;
}
