import { PassThrough, type Writable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { translate } from '../../../infrastructure/i18n/i18n.js';
import { documentFont } from '../../../infrastructure/pdf/pdf-font.js';
import type { ReportCell, ReportEvaluation, SemesterReport } from './semester-report.js';

// Drawn in a PDF worker (infrastructure/pdf, docs/adr/0029), never on the thread that answers requests.

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const MARGIN = 56;
const INK = '#000000';
const GREY = '#666666';
const RULE = '#b0b0b0';
const HEAD_FILL = '#f0f0f0';
const COURSE_W = 104;
const TOTAL_W = 78;
const HEAD_H = 34;
const ROW_H = 32;
/** More exams than fit a portrait page's width (a score "145.5 / 150" each) turn the report to landscape. */
const PORTRAIT_EXAMS = 4;

/** A score as printed: at most two decimals, no trailing zeros (95, 95.5, 95.25). */
const number = (n: number): string => String(Math.round(n * 100) / 100);

/** The day a report was made (YYYY-MM-DD), written in its language. */
export function reportDate(day: string, lang: SemesterReport['lang']): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return translate(lang, 'grades.report.pdf.date', { year, month, day: date, monthName: MONTHS[month - 1] });
}

/** The cell's two lines: the score on its full marks (or the mark standing for it), then its rank and level. */
function cellLines(cell: ReportCell, t: (key: string) => string): { main: string; sub: string } {
  const main = cell.score !== null ? `${number(cell.score)} / ${number(cell.fullMarks)}` : cell.mark ? t(`pdf.${cell.mark}`) : '—';
  return { main, sub: cell.score !== null ? [cell.rank, cell.level].filter(Boolean).join(' · ') : '' };
}

/** One student's report on a page of its own (and the pages its table runs on to). */
function drawReport(doc: PDFKit.PDFDocument, r: SemesterReport): void {
  const t = (key: string, params?: Record<string, unknown>) => translate(r.lang, `grades.report.${key}`, params);
  const en = r.lang === 'en';
  const layout = r.exams.length > PORTRAIT_EXAMS ? 'landscape' : 'portrait';
  // addPage's options replace the document's: size and margins are given again
  const page = { size: 'A4', layout, margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN } } as const;
  doc.addPage(page);
  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const bottom = doc.page.height - MARGIN;

  doc.font('body').fillColor(GREY).fontSize(13).text(r.school, left, MARGIN, { width, align: 'center' });
  doc.moveDown(0.3).fillColor(INK).fontSize(24).text(t('title'), { width, align: 'center', characterSpacing: en ? 1 : 8 });
  doc.moveDown(0.3);
  doc.lineWidth(0.8).strokeColor(INK).moveTo(left, doc.y).lineTo(left + width, doc.y).stroke();

  // who and when: two pairs a line
  const pairs: [string, string][] = [
    [t('pdf.student'), r.student.name],
    [t('pdf.studentNo'), r.student.studentNo],
    [t('pdf.className'), r.student.className],
    [t('pdf.semester'), r.semester.name],
  ];
  let y = doc.y + 14;
  doc.fontSize(11);
  pairs.forEach(([label, value], i) => {
    const x = left + (i % 2) * (width / 2);
    doc.fillColor(GREY).text(`${label}${en ? ': ' : '：'}`, x, y, { lineBreak: false });
    const labelW = doc.widthOfString(`${label}${en ? ': ' : '：'}`);
    doc.fillColor(INK).text(value, x + labelW, y, { width: width / 2 - labelW - 8, lineBreak: false, ellipsis: true });
    if (i % 2 === 1) y += 20;
  });
  y += 10;

  if (r.courses.length === 0) {
    doc.fillColor(INK).fontSize(12).text(t('pdf.none'), left, y + 10, { width });
  } else {
    const examW = (width - COURSE_W - TOTAL_W) / Math.max(1, r.exams.length);
    // a score's size as its column allows (narrow columns when a semester holds many exams)
    const scoreSize = Math.max(7, Math.min(10.5, examW / 7.5));
    const xs = [left, ...r.exams.map((_, i) => left + COURSE_W + i * examW), left + width - TOTAL_W, left + width];
    const header = () => {
      doc.rect(left, y, width, HEAD_H).fill(HEAD_FILL);
      doc.fillColor(INK).fontSize(10);
      doc.text(t('pdf.course'), xs[0]! + 6, y + 11, { width: COURSE_W - 12, lineBreak: false, ellipsis: true });
      r.exams.forEach((e, i) => {
        const x = xs[i + 1]!;
        doc.fillColor(INK).fontSize(10).text(e.title, x + 4, y + 5, { width: examW - 8, align: 'center', lineBreak: false, ellipsis: true });
        doc.fillColor(GREY).fontSize(7.5).text(t('pdf.weight', { weight: e.weight }), x + 4, y + 20, { width: examW - 8, align: 'center', lineBreak: false });
      });
      doc.fillColor(INK).fontSize(10).text(t('pdf.total'), xs.at(-2)! + 4, y + 11, { width: TOTAL_W - 8, align: 'center', lineBreak: false, ellipsis: true });
      doc.lineWidth(0.8).strokeColor(INK).moveTo(left, y + HEAD_H).lineTo(left + width, y + HEAD_H).stroke();
      y += HEAD_H;
    };
    header();
    for (const c of r.courses) {
      // a table longer than the page goes on, its header again
      if (y + ROW_H > bottom - 90) {
        doc.addPage(page);
        y = MARGIN;
        header();
      }
      doc.fillColor(INK).fontSize(10.5).text(c.name, xs[0]! + 6, y + 10, { width: COURSE_W - 12, lineBreak: false, ellipsis: true });
      c.cells.forEach((cell, i) => {
        const x = xs[i + 1]!;
        const lines = cell ? cellLines(cell, t) : { main: '—', sub: '' };
        const marked = cell !== null && cell.score === null;
        doc.fillColor(marked || !cell ? GREY : INK).fontSize(scoreSize).text(lines.main, x + 4, y + (lines.sub ? 4 : 10), { width: examW - 8, align: 'center', lineBreak: false, ellipsis: true });
        if (lines.sub) doc.fillColor(cell?.colour || GREY).fontSize(Math.min(8, scoreSize)).text(lines.sub, x + 4, y + 19, { width: examW - 8, align: 'center', lineBreak: false, ellipsis: true });
      });
      doc.fillColor(c.total === null ? GREY : INK).fontSize(11).text(c.total === null ? '—' : c.total.toFixed(1), xs.at(-2)! + 4, y + 10, { width: TOTAL_W - 8, align: 'center', lineBreak: false });
      y += ROW_H;
      doc.lineWidth(0.3).strokeColor(RULE).moveTo(left, y).lineTo(left + width, y).stroke();
    }
    doc.fillColor(GREY).fontSize(8).text(`* ${t('pdf.footnote')}`, left, y + 10, { width, lineGap: 2 });
  }

  for (const e of r.evaluations ?? []) drawEvaluation(doc, r, e, { left, width, bottom, page });

  // the day it was made, at the right
  doc.fillColor(INK).fontSize(11).text(r.school, left, Math.max(doc.y + 28, bottom - 60), { width, align: 'right' });
  doc.moveDown(0.3).text(reportDate(r.date, r.lang), { width, align: 'right' });
}

const EVAL_ROW_H = 20;

/**
 * A published final-term evaluation under the scores (期末学业评价, docs/product/evaluations.md#final-term-evaluation):
 * its round, a row per content (theme, content, level and value) and the head teacher's term comment, whole — a
 * comment of any length runs on to the next page.
 */
function drawEvaluation(doc: PDFKit.PDFDocument, r: SemesterReport, e: ReportEvaluation, box: { left: number; width: number; bottom: number; page: PDFKit.PDFDocumentOptions }): void {
  const t = (key: string) => translate(r.lang, `evaluations.final.pdf.${key}`);
  const { left, width, bottom } = box;
  const colon = r.lang === 'en' ? ': ' : '：';
  let y = doc.y + 24;
  if (y + 80 > bottom) {
    doc.addPage(box.page);
    y = MARGIN;
  }
  doc.fillColor(INK).fontSize(13).text(`${t('section')} · ${e.roundName}`, left, y, { width });
  y = doc.y + 6;
  const cols = [left, left + width * 0.3, left + width * 0.7, left + width];
  doc.rect(left, y, width, EVAL_ROW_H).fill(HEAD_FILL);
  doc.fillColor(INK).fontSize(9.5);
  doc.text(t('content'), cols[0]! + 6, y + 6, { width: cols[2]! - cols[0]! - 12, lineBreak: false });
  doc.text(t('level'), cols[2]! + 6, y + 6, { width: cols[3]! - cols[2]! - 12, lineBreak: false, align: 'center' });
  y += EVAL_ROW_H;
  for (const c of e.contents) {
    if (y + EVAL_ROW_H > bottom - 40) {
      doc.addPage(box.page);
      y = MARGIN;
    }
    doc.fillColor(GREY).fontSize(9).text(c.theme, cols[0]! + 6, y + 6, { width: cols[1]! - cols[0]! - 12, lineBreak: false, ellipsis: true });
    doc.fillColor(INK).fontSize(9.5).text(c.content, cols[1]! + 6, y + 6, { width: cols[2]! - cols[1]! - 12, lineBreak: false, ellipsis: true });
    const level = [c.level ?? '—', c.value].filter((x) => x !== '').join(' · ');
    doc.text(level, cols[2]! + 6, y + 6, { width: cols[3]! - cols[2]! - 12, lineBreak: false, align: 'center' });
    y += EVAL_ROW_H;
    doc.lineWidth(0.3).strokeColor(RULE).moveTo(left, y).lineTo(left + width, y).stroke();
  }
  if (e.comment) {
    doc.fillColor(GREY).fontSize(10).text(`${t('comment')}${colon}`, left, y + 10, { width });
    doc.fillColor(INK).fontSize(10.5).text(e.comment, left, doc.y + 2, { width, lineGap: 3 });
  }
}

/** A PDF of reports written to `out` as they are added: one student each, each from a new page. */
export interface ReportPdfWriter {
  add(report: SemesterReport): void;
  /** Ends the document; resolves when all of it is written to `out`. */
  end(): Promise<void>;
}

export function reportPdfWriter(out: Writable, info: { title: string; author: string }): ReportPdfWriter {
  const doc = new PDFDocument({ size: 'A4', autoFirstPage: false, margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN }, info: { Title: info.title, Author: info.author } });
  doc.registerFont('body', documentFont());
  const finished = new Promise<void>((resolve, reject) => {
    out.on('finish', resolve);
    out.on('error', reject);
    doc.on('error', reject);
  });
  // a write that fails before end() is awaited must not be an unhandled rejection: end() answers it
  finished.catch(() => undefined);
  doc.pipe(out);
  return {
    add: (report) => drawReport(doc, report),
    end: async () => {
      doc.end();
      await finished;
    },
  };
}

/** One student's report as a PDF in memory. */
export async function renderReport(report: SemesterReport): Promise<Buffer> {
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (chunk: Buffer) => chunks.push(chunk));
  const writer = reportPdfWriter(sink, { title: translate(report.lang, 'grades.report.title'), author: report.school });
  writer.add(report);
  // a PassThrough 'finish'es once written; its data may still be in flight until 'end'
  const ended = new Promise<void>((resolve) => sink.on('end', resolve));
  await writer.end();
  await ended;
  return Buffer.concat(chunks);
}
