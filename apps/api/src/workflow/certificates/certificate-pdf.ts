import { formatCertificateCode, type Language } from '@schoolflow/contracts';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { translate } from '../../infrastructure/i18n/i18n.js';
import { documentFont } from '../../infrastructure/pdf/pdf-font.js';
import type { Certificate, CertifiedGrade } from './certificate.repository.js';

// Drawn in a PDF worker (infrastructure/pdf, docs/adr/0029), never on the thread that answers requests; the font is
// embedded as a subset of the glyphs used (a certificate is ~10 KB).

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The day a certificate was issued, in the school's time zone, written in the certificate's language. */
function issuedOn(at: Date, lang: Language, timeZone: string): string {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(at).map((p) => [p.type, p.value]));
  const month = Number(parts.month);
  return translate(lang, 'documents.certificate.date', { year: parts.year, month, day: Number(parts.day), monthName: MONTHS[month - 1] });
}

/** A grade proof's list: semester, course, grade, one row each; a sentence instead when nothing is published yet. */
function gradesTable(doc: PDFKit.PDFDocument, grades: readonly CertifiedGrade[], en: boolean, width: number, t: (key: string) => string): void {
  doc.moveDown(0.8);
  if (grades.length === 0) {
    doc.fontSize(13).text(t('noGrades'), { width, indent: en ? 0 : 28 });
    return;
  }
  const cols = [0, width * 0.42, width * 0.8];
  const row = (cells: readonly string[], header = false) => {
    if (doc.y > doc.page.height - 220) doc.addPage();
    const y = doc.y;
    doc.fontSize(header ? 11 : 12).fillColor(header ? '#555555' : '#000000');
    cells.forEach((cell, i) => doc.text(cell, 72 + (cols[i] ?? 0), y, { width: (cols[i + 1] ?? width) - (cols[i] ?? 0) - 8, lineBreak: false, ellipsis: true }));
    doc.moveDown(0.5);
    doc.lineWidth(header ? 0.8 : 0.3).strokeColor('#999999').moveTo(72, doc.y).lineTo(72 + width, doc.y).stroke();
    doc.moveDown(0.4);
  };
  row([t('column.semester'), t('column.course'), t('column.score')], true);
  for (const g of grades) row([en ? g.semesterEn || g.semester : g.semester, en ? g.courseEn || g.course : g.course, g.score]);
  doc.fillColor('#000000').fontSize(14).text('', 72, doc.y);
}

/**
 * A certificate as an A4 PDF in its own language (not the reader's): the school, the title, what it certifies, the
 * purpose, the date, and — to check it — the verification code with a QR code of the page that checks it.
 */
export async function renderCertificate(cert: Certificate, verifyUrl: string, timeZone: string): Promise<Buffer> {
  const lang = cert.language;
  const c = cert.content;
  const en = lang === 'en';
  const t = (key: string, params?: Record<string, unknown>) => translate(lang, `documents.certificate.${key}`, params);
  const school = en ? c.schoolNameEn || c.schoolName : c.schoolName;
  const doc = new PDFDocument({ size: 'A4', margins: { top: 72, bottom: 56, left: 72, right: 72 }, info: { Title: t(`${cert.flow}.title`), Author: school } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.registerFont('body', documentFont());
  const width = doc.page.width - 144;

  // a double frame, as printed certificates have
  doc.lineWidth(1.5).strokeColor('#8a6d3b').rect(36, 36, doc.page.width - 72, doc.page.height - 72).stroke();
  doc.lineWidth(0.5).rect(42, 42, doc.page.width - 84, doc.page.height - 84).stroke();

  doc.font('body').fillColor('#333333').fontSize(15).text(school, 72, 84, { width, align: 'center' });
  doc.moveDown(0.8).fillColor('#000000').fontSize(28).text(t(`${cert.flow}.title`), { width, align: 'center', characterSpacing: en ? 1 : 12 });
  doc.moveDown(0.5).lineWidth(0.8).strokeColor('#8a6d3b').moveTo(160, doc.y).lineTo(doc.page.width - 160, doc.y).stroke();

  const body = t(`${cert.flow}.body`, {
    name: en ? c.studentNameEn || c.studentName : c.studentName,
    gender: t(`gender.${c.gender}`),
    studentNo: c.studentNo,
    enrollmentYear: c.enrollmentYear,
    className: en ? c.classNameEn || c.className : c.className,
  });
  doc.fontSize(14).fillColor('#000000');
  doc.text('', 72, doc.y + 36);
  doc.text(body, { width, lineGap: 10, indent: en ? 0 : 28, align: en ? 'left' : 'justify' });
  if (c.grades) gradesTable(doc, c.grades, en, width, t);
  doc.moveDown(0.8).text(t('purpose', { purpose: c.purpose }), { width, lineGap: 10, indent: en ? 0 : 28 });
  const closing = t('closing');
  if (closing) doc.moveDown(0.8).text(closing, { width, indent: 28 });

  // the school and the date, at the right
  doc.moveDown(3).fontSize(14).text(school, { width, align: 'right' });
  doc.moveDown(0.4).text(issuedOn(cert.issuedAt, lang, timeZone), { width, align: 'right' });

  // the check: a QR code of the verification page and the code, at the foot
  const qr = QRCode.create(verifyUrl, { errorCorrectionLevel: 'M' });
  const cells = qr.modules.size;
  const cell = Math.floor(92 / cells * 100) / 100;
  const qrTop = doc.page.height - 72 - cells * cell - 16;
  for (let y = 0; y < cells; y++) for (let x = 0; x < cells; x++) if (qr.modules.get(y, x)) doc.rect(72 + x * cell, qrTop + y * cell, cell, cell);
  doc.fillColor('#000000').fill();
  const textLeft = 72 + cells * cell + 18;
  doc.fontSize(12).text(t('code', { code: formatCertificateCode(cert.code) }), textLeft, qrTop + 8, { width: doc.page.width - 72 - textLeft });
  doc.moveDown(0.5).fontSize(9).fillColor('#555555').text(t('verify', { url: verifyUrl.replace(/\/[^/]*$/, '') }), { width: doc.page.width - 72 - textLeft, lineGap: 3 });

  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
