import {
  circularIdInput, createSectionInput, inviteChurchInput, membershipIdInput, officerCreateInput, officerUpdateInput,
  publishCircularInput, renameSectionInput, sectionIdInput, setMemberSectionInput,
} from '../../../common/schemas/association-members.js';
import { associationTotalsInput, associationTrendInput } from '../../../common/schemas/associations.js';
import { associationProcedure, capabilityProcedure, officerCapabilityProcedure, router } from '../../trpc/init.js';
import { rest } from '../../rest/meta.js';
import { setLanguageInput } from '../../../common/schemas/language.js';
import { revokeOfficerSession } from './session.js';
import { setOfficerLanguage } from './login.js';
import { inviteChurch, listMembers, setMemberSection, withdrawInvitation } from './members.js';
import { createSection, deleteSection, listSections, renameSection } from './sections.js';
import { circularReaders, listCirculars, officerCircularPdf, publishCircular } from './circulars.js';
import { circularPdfFile } from './circular-pdf.js';
import { createOfficer, listOfficers, updateOfficer } from './officers.js';
import { associationTotals, associationTotalsCsv, associationTrend } from './totals.js';
import {
  acceptInvitation, churchCircularPdf, churchCirculars, declineInvitation, leaveAssociation, markCircularRead, membershipOverview,
} from './church-side.js';

const PDF_FILE = { contentType: 'application/pdf', description: 'A PDF download (attachment)' };

/** What an association's officers call, through the association door. */
export const associationRouter = router({
  session: associationProcedure
    .meta(rest('GET', '/api/association/session', 'The signed-in officer and their association'))
    .query(({ ctx }) => ({ officer: ctx.officer, association: ctx.association })),

  setLanguage: associationProcedure
    .meta(rest('PUT', '/api/association/language', 'Set the signed-in officer\'s own language: language "en", "ml", "ta" or "hi"; answers data.language'))
    .input(setLanguageInput)
    .mutation(({ ctx, input }) => setOfficerLanguage(ctx, input.language)),

  logout: associationProcedure
    .meta(rest('POST', '/api/association/logout', 'Revoke the officer\'s session token'))
    .mutation(async ({ ctx }) => {
      await revokeOfficerSession(ctx.tx, ctx.association.id, ctx.sessionId);
      return { signed_out: true };
    }),

  officers: officerCapabilityProcedure('manageMembers')
    .meta(rest('GET', '/api/association/officers', 'The association\'s officers: name, email, role, section, active, last sign-in'))
    .query(({ ctx }) => listOfficers(ctx)),

  createOfficer: officerCapabilityProcedure('manageMembers')
    .meta(rest('POST', '/api/association/officers', 'Add an officer (name, email, password, role; a section convener\'s section_id); they sign in with the association\'s code', { successStatus: 201 }))
    .input(officerCreateInput)
    .mutation(({ ctx, input }) => createOfficer(ctx, input)),

  updateOfficer: officerCapabilityProcedure('manageMembers')
    .meta(rest('PUT', '/api/association/officers/{id}', 'Change an officer\'s role, section or activity (a deactivated officer\'s sessions end); an admin cannot demote or deactivate themselves'))
    .input(officerUpdateInput)
    .mutation(({ ctx, input }) => updateOfficer(ctx, input)),

  sections: officerCapabilityProcedure('viewMembers')
    .meta(rest('GET', '/api/association/sections', 'The association\'s sections'))
    .query(({ ctx }) => listSections(ctx)),

  createSection: officerCapabilityProcedure('manageMembers')
    .meta(rest('POST', '/api/association/sections', 'Add a section: name', { successStatus: 201 }))
    .input(createSectionInput)
    .mutation(({ ctx, input }) => createSection(ctx, input.name)),

  renameSection: officerCapabilityProcedure('manageMembers')
    .meta(rest('PUT', '/api/association/sections/{id}', 'Rename a section'))
    .input(renameSectionInput)
    .mutation(({ ctx, input }) => renameSection(ctx, input)),

  deleteSection: officerCapabilityProcedure('manageMembers')
    .meta(rest('DELETE', '/api/association/sections/{id}', 'Delete a section; its churches stay members, without a section'))
    .input(sectionIdInput)
    .mutation(({ ctx, input }) => deleteSection(ctx, input.id)),

  members: officerCapabilityProcedure('viewMembers')
    .meta(rest('GET', '/api/association/members', 'The churches invited and the member churches, by name and code, with their status'))
    .query(({ ctx }) => listMembers(ctx)),

  invite: officerCapabilityProcedure('manageMembers')
    .meta(rest('POST', '/api/association/members', 'Invite a church by its code (church_code, optional section_id); its super admin accepts or declines', { successStatus: 201 }))
    .input(inviteChurchInput)
    .mutation(({ ctx, input }) => inviteChurch(ctx, input)),

  withdrawInvitation: officerCapabilityProcedure('manageMembers')
    .meta(rest('DELETE', '/api/association/members/{id}', 'Withdraw an invitation not yet answered'))
    .input(membershipIdInput)
    .mutation(({ ctx, input }) => withdrawInvitation(ctx, input.id)),

  setMemberSection: officerCapabilityProcedure('manageMembers')
    .meta(rest('PUT', '/api/association/members/{id}/section', 'Put an invited or member church in a section (section_id), or in none (null)'))
    .input(setMemberSectionInput)
    .mutation(({ ctx, input }) => setMemberSection(ctx, input)),

  circulars: officerCapabilityProcedure('viewMembers')
    .meta(rest('GET', '/api/association/circulars', 'The association\'s circulars, newest first, with how many churches they went to and how many have read them'))
    .query(({ ctx }) => listCirculars(ctx)),

  publishCircular: officerCapabilityProcedure('publishCirculars')
    .meta(rest('POST', '/api/association/circulars', 'Publish a circular (title, body) to every member church or to a section (section_id); with a PDF: POST /api/association/circulars/upload', { successStatus: 201 }))
    .input(publishCircularInput)
    .mutation(({ ctx, input }) => publishCircular(ctx, input)),

  totals: officerCapabilityProcedure('viewMembers')
    .meta(rest('GET', '/api/association/totals', 'The member churches\' figures for a month (query academic_year, month YYYY-MM): per church, '
      + 'per section and for the association, classes, active teachers, Sundays recorded, enrolled children, consent coverage and attendance '
      + 'percentage. A figure about fewer than 5 children is null with fewer_than_five (or attendance_fewer_than_five) true, and left out of '
      + 'the section\'s and the association\'s sums (churches_left_out); no child\'s name or data. A section convener sees their section'))
    .input(associationTotalsInput)
    .query(({ ctx, input }) => associationTotals(ctx, input)),

  totalsCsv: officerCapabilityProcedure('viewMembers')
    .meta(rest('GET', '/api/association/totals.csv', 'The same figures (query academic_year, month) as a text/csv download, a withheld figure written "fewer than 5"',
      { file: { contentType: 'text/csv; charset=utf-8', description: 'A file download (CSV)' } }))
    .input(associationTotalsInput)
    .query(({ ctx, input }) => associationTotalsCsv(ctx, input)),

  trend: officerCapabilityProcedure('viewMembers')
    .meta(rest('GET', '/api/association/trend', 'Each month of the academic year (query academic_year) with marks: attendance percentage and '
      + 'Sundays recorded per church, and the attendance percentage per section and for the association, under the same rule of fewer than 5 children'))
    .input(associationTrendInput)
    .query(({ ctx, input }) => associationTrend(ctx, input)),

  circularReaders: officerCapabilityProcedure('viewMembers')
    .meta(rest('GET', '/api/association/circulars/{id}/readers', 'Which member churches have read a circular, who and when'))
    .input(circularIdInput)
    .query(({ ctx, input }) => circularReaders(ctx, input.id)),

  circularPdf: officerCapabilityProcedure('viewMembers')
    .meta(rest('GET', '/api/association/circulars/{id}/pdf', 'The PDF attached to one of the association\'s circulars (404 when it has none)',
      { file: PDF_FILE }))
    .input(circularIdInput)
    .query(async ({ ctx, input }) => circularPdfFile(ctx.services.mediaStorage, await officerCircularPdf(ctx, input.id))),
});

/** A church's side: its invitations and membership (its super admin answers), the circulars sent to it. */
export const churchAssociationRouter = router({
  overview: capabilityProcedure('readCirculars')
    .meta(rest('GET', '/api/church-association', 'The association the church belongs to, and the invitations it has'))
    .query(({ ctx }) => membershipOverview(ctx)),

  accept: capabilityProcedure('answerAssociation')
    .meta(rest('POST', '/api/church-association/invitations/{id}/accept', 'Accept an association\'s invitation (a church belongs to at most one)'))
    .input(membershipIdInput)
    .mutation(({ ctx, input }) => acceptInvitation(ctx, input.id)),

  decline: capabilityProcedure('answerAssociation')
    .meta(rest('POST', '/api/church-association/invitations/{id}/decline', 'Decline an association\'s invitation'))
    .input(membershipIdInput)
    .mutation(({ ctx, input }) => declineInvitation(ctx, input.id)),

  leave: capabilityProcedure('answerAssociation')
    .meta(rest('POST', '/api/church-association/leave', 'Leave the association: from now on it sees none of the church\'s figures'))
    .mutation(({ ctx }) => leaveAssociation(ctx)),

  circulars: capabilityProcedure('readCirculars')
    .meta(rest('GET', '/api/church-association/circulars', 'The circulars sent to the church, newest first, with the signed-in user\'s read mark and the church\'s readers'))
    .query(({ ctx }) => churchCirculars(ctx)),

  circularPdf: capabilityProcedure('readCirculars')
    .meta(rest('GET', '/api/church-association/circulars/{id}/pdf', 'The PDF attached to a circular sent to the church (404 when none '
      + 'was sent to it, or it has none); downloading it does not mark the circular read', { file: PDF_FILE }))
    .input(circularIdInput)
    .query(async ({ ctx, input }) => circularPdfFile(ctx.services.mediaStorage, await churchCircularPdf(ctx, input.id))),

  markCircularRead: capabilityProcedure('readCirculars')
    .meta(rest('POST', '/api/church-association/circulars/{id}/read', 'Mark a circular read by the signed-in user'))
    .input(circularIdInput)
    .mutation(({ ctx, input }) => markCircularRead(ctx, input.id)),
});
