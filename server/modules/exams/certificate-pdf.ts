import QRCode from 'qrcode';
import { certificateVerifyPath, formatCertificateCode, type CertificateKind } from '../../../common/certificates.js';
import { INTL_LOCALE, type Locale } from '../../../common/i18n/locales.js';
import { translatorFor } from '../../core/i18n.js';
import { artifact, newDocument, widthOf, writeLine, type Doc, type Drawing } from '../../core/pdf/text.js';
import { certificateTitle, classText } from './print-texts.js';

/**
 * Certificates, A4 landscape, one page each (a class's in one document): a double border; the
 * church, the title, "this is to certify that", the holder, what they achieved (rank and class, or
 * the final class completed) and the year; signature lines for the class teacher and the headmaster;
 * the day of issue, the verification code and a QR code of the public verification page
 * (`${PUBLIC_URL}/verify/<code>`). Each page in its child's family's language, shaped and tagged like
 * every document here (core/pdf/text.ts); names as written.
 */

const MARGIN = 36;

interface CertificatePage {
  language: Locale;
  kind: CertificateKind;
  rank: number | null;
  holderName: string;
  academicYear: string;
  cls: { class_name: string; section: string };
  code: string;
  issuedOn: Date;
}

export interface CertificateFacts {
  churchName: string;
  publicUrl: string;
  timeZone: string;
  pages: CertificatePage[];
}

/** Centred lines, each at most the page's width (a longer one is set smaller so it stays on one line). */
function centred(doc: Doc, text: string, y: number, size: number, weight: 'regular' | 'bold' = 'regular', role: 'H1' | 'P' = 'P') {
  const width = doc.page.width - 2 * (MARGIN + 40);
  const fitted = Math.min(size, size * width / Math.max(1, widthOf(doc, text, size, weight)));
  writeLine(doc, text, { x: MARGIN + 40, y, width, size: fitted, weight, align: 'center', role });
}

/** The QR code of `url` as squares (vector, sharp at any print size), `size` points wide, drawn as an artifact. */
function qrCode(doc: Doc, url: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const cell = size / modules.size;
  artifact(doc, () => {
    doc.save();
    for (let row = 0; row < modules.size; row++) {
      for (let col = 0; col < modules.size; col++) if (modules.get(row, col)) doc.rect(x + col * cell, y + row * cell, cell, cell);
    }
    doc.fill('#000000').restore();
  });
}

function drawPage(doc: Doc, facts: CertificateFacts, page: CertificatePage) {
  const t = translatorFor(page.language);
  const { width, height } = doc.page;
  artifact(doc, () => {
    doc.save().lineWidth(3).rect(MARGIN - 14, MARGIN - 14, width - 2 * MARGIN + 28, height - 2 * MARGIN + 28).stroke('#1c3d6e');
    doc.lineWidth(0.8).rect(MARGIN - 6, MARGIN - 6, width - 2 * MARGIN + 12, height - 2 * MARGIN + 12).stroke('#1c3d6e').restore();
  });
  const cls = classText(t, page.cls);
  centred(doc, facts.churchName, MARGIN + 36, 20, 'bold');
  centred(doc, certificateTitle(t, page), MARGIN + 84, 32, 'bold', 'H1');
  centred(doc, t('certificates.certifyThat'), MARGIN + 160, 15);
  centred(doc, page.holderName, MARGIN + 194, 30, 'bold');
  const achievement = page.kind === 'merit'
    ? t('certificates.meritText', { rank: page.rank ?? 1, class: cls, year: page.academicYear })
    : t('certificates.completionText', { class: cls, year: page.academicYear });
  centred(doc, achievement, MARGIN + 252, 15);

  // The signature lines, the class teacher's at the left, the headmaster's at the right.
  const lineY = height - MARGIN - 70;
  const lineWidth = 190;
  [t('examprint.classTeacherSignature'), t('examprint.headmasterSignature')].forEach((label, i) => {
    const x = i === 0 ? MARGIN + 30 : width - MARGIN - 30 - lineWidth;
    artifact(doc, () => doc.save().lineWidth(0.6).moveTo(x, lineY).lineTo(x + lineWidth, lineY).stroke().restore());
    writeLine(doc, label, { x, y: lineY + 5, width: lineWidth, size: 10, align: 'center' });
  });

  // The QR code between them, the code and the day of issue under it.
  const url = `${facts.publicUrl.replace(/\/+$/, '')}${certificateVerifyPath(page.code)}`;
  const qr = 78;
  qrCode(doc, url, (width - qr) / 2, lineY - qr - 4, qr);
  const issued = new Intl.DateTimeFormat(INTL_LOCALE[page.language], { dateStyle: 'long', timeZone: facts.timeZone }).format(page.issuedOn);
  const footWidth = 300;
  writeLine(doc, `${t('certificates.code')}: ${formatCertificateCode(page.code)}`, { x: (width - footWidth) / 2, y: lineY + 2, width: footWidth, size: 10, weight: 'bold', align: 'center' });
  writeLine(doc, t('certificates.issuedOn', { date: issued }), { x: (width - footWidth) / 2, y: lineY + 16, width: footWidth, size: 9, align: 'center' });
  centred(doc, t('certificates.verifyAt', { url }), height - MARGIN - 16, 8);
}

/** The certificates, a page each, drawn one at a time while the document is sent. */
export function certificatesPdf(facts: CertificateFacts): Drawing {
  const first = facts.pages[0];
  const reader = translatorFor(first.language);
  const doc = newDocument({
    title: `${facts.pages.length === 1 ? `${certificateTitle(reader, first)}: ${first.holderName}` : reader('certificates.documentTitle')}, ${first.academicYear}`,
    language: INTL_LOCALE[first.language], layout: 'landscape', margin: MARGIN,
  });
  function* steps() {
    for (const [i, page] of facts.pages.entries()) {
      if (i > 0) doc.addPage();
      drawPage(doc, facts, page);
      yield;
    }
  }
  return { doc, steps: steps() };
}
