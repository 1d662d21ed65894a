import { CONSENT_PURPOSES, PRIVACY_NOTICE_PARTS, type PrivacyNoticePart } from '../../../common/consent.js';
import type { MessageId } from '../../../common/i18n/areas.js';
import { INTL_LOCALE, type Locale } from '../../../common/i18n/locales.js';
import { translatorFor } from '../../core/i18n.js';
import type { PrivacyNotice } from '../consent/index.js';
import { artifact, newDocument, tickBox, write, type Doc } from '../../core/pdf/text.js';

export interface ConsentFormFacts {
  language: Locale;
  churchName: string;
  child: { name: string; className: string; section: string };
  guardians: string[];
  notice: PrivacyNotice;
  /** The public page of the notice, where the parent may read it again. */
  noticeUrl: string;
}

const HEADING: Record<PrivacyNoticePart, MessageId> = {
  controller: 'privacy.heading.controller', data_kept: 'privacy.heading.dataKept', purposes: 'privacy.heading.purposes',
  retention: 'privacy.heading.retention', contact: 'privacy.heading.contact',
};

const PURPOSE: Record<(typeof CONSENT_PURPOSES)[number], MessageId> = {
  enrolment: 'privacy.purpose.enrolment', photos: 'privacy.purpose.photos', messages: 'privacy.purpose.messages',
};

/** A line of tick boxes, each with its label, on one row. */
function boxes(doc: Doc, labels: string[], x: number) {
  const y = doc.y;
  labels.forEach((label, i) => {
    const left = x + i * 110;
    tickBox(doc, left, y + 2);
    write(doc, label, { x: left + 15, y, lineBreak: false });
  });
  doc.x = doc.page.margins.left;
  doc.y = y + 16;
}

/** A line to write on, with its label under it. */
function writingLine(doc: Doc, label: string, x: number, y: number, width: number) {
  artifact(doc, () => doc.save().lineWidth(0.6).moveTo(x, y).lineTo(x + width, y).stroke().restore());
  write(doc, label, { x, y: y + 3, size: 9, lineBreak: false });
}

/**
 * The printable consent form (A4, one or two pages): who the church is, the child and their
 * guardians, the privacy notice's five parts, a Given / Not given box for each purpose, the two
 * confirmations, signature, name and date lines, and where to read the notice online. Every fixed
 * text comes from the catalogue in the form's language; the notice is as the church wrote it.
 * Tagged: the title, the sections' headings and their paragraphs in reading order; boxes and lines
 * to write on are artifacts.
 */
export function consentFormPdf(facts: ConsentFormFacts): Doc {
  const t = translatorFor(facts.language);
  const doc = newDocument({ title: `${t('privacy.form.title')}: ${facts.child.name}`, language: INTL_LOCALE[facts.language] });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  write(doc, facts.churchName, { size: 11, weight: 'bold' });
  write(doc, t('privacy.form.title'), { size: 17, weight: 'bold', role: 'H1' });
  doc.moveDown(0.4);
  write(doc, `${t('privacy.form.child')}: ${facts.child.name}`, { size: 10.5 });
  write(doc, `${t('privacy.form.class')}: ${facts.child.className} ${facts.child.section}`.trim(), { size: 10.5 });
  write(doc, `${t('privacy.form.guardians')}: ${facts.guardians.join(', ') || '—'}`, { size: 10.5 });

  doc.moveDown(0.6);
  write(doc, t('privacy.form.noticeHeading'), { size: 12, weight: 'bold', role: 'H2' });
  for (const part of PRIVACY_NOTICE_PARTS) {
    doc.moveDown(0.2);
    write(doc, t(HEADING[part]), { size: 9.5, weight: 'bold', role: 'H3' });
    write(doc, facts.notice[part].text, { size: 9, width, align: 'left' });
  }

  doc.moveDown(0.6);
  // The consent block stays together: on a new page if it would not fit under the notice.
  if (doc.y > doc.page.height - doc.page.margins.bottom - 300) doc.addPage();
  write(doc, t('privacy.form.consentHeading'), { size: 12, weight: 'bold', role: 'H2' });
  write(doc, t('privacy.form.consentIntro'), { size: 9.5, width });
  doc.moveDown(0.3);
  for (const purpose of CONSENT_PURPOSES) {
    write(doc, t(PURPOSE[purpose]), { size: 10.5, weight: 'bold', role: 'H3' });
    doc.fontSize(10);
    boxes(doc, [t('privacy.form.given'), t('privacy.form.notGiven')], left + 10);
    doc.moveDown(0.2);
  }

  doc.moveDown(0.3);
  write(doc, t('privacy.form.confirmHeading'), { size: 12, weight: 'bold', role: 'H2' });
  doc.moveDown(0.2);
  for (const confirmation of [t('privacy.form.confirmGuardian'), t('privacy.form.confirmAdult')]) {
    const y = doc.y;
    tickBox(doc, left + 10, y + 2);
    write(doc, confirmation, { x: left + 25, y, size: 10, width: width - 25 });
    doc.x = left;
    doc.moveDown(0.3);
  }

  const lineY = doc.y + 40;
  const third = (width - 30) / 3;
  writingLine(doc, t('privacy.form.signature'), left, lineY, third);
  writingLine(doc, t('privacy.form.name'), left + third + 15, lineY, third);
  writingLine(doc, t('privacy.form.date'), left + 2 * (third + 15), lineY, third);
  doc.x = left;
  doc.y = lineY + 24;
  write(doc, t('privacy.form.onlineNotice', { url: facts.noticeUrl }), { size: 9, width });
  return doc;
}
