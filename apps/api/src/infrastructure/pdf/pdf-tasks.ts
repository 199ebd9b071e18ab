import { createWriteStream } from 'node:fs';
import { renderReport, reportPdfWriter } from '../../grades/queries/report/report-pdf.js';
import type { SemesterReport } from '../../grades/queries/report/semester-report.js';
import { renderCertificate } from '../../workflow/certificates/certificate-pdf.js';
import type { Certificate } from '../../workflow/certificates/certificate.repository.js';

/**
 * What the PDF workers make (docs/adr/0029): plain data in, so a task crosses to a worker thread by structured clone.
 * A document answers its bytes; a file is written where the task says and answers nothing.
 */
export type PdfDocumentTask =
  | { kind: 'report'; report: SemesterReport }
  | { kind: 'certificate'; certificate: Certificate; verifyUrl: string; timeZone: string };

/** A class's reports in one file (the class reports job), written under `path`. */
export interface PdfFileTask {
  kind: 'reports-file';
  reports: SemesterReport[];
  title: string;
  author: string;
  path: string;
}

export type PdfTask = PdfDocumentTask | PdfFileTask;

/** Makes one task: the worker's whole work, and what runs in-process where there is no compiled worker (jest). */
export async function runPdfTask(task: PdfTask): Promise<Uint8Array | null> {
  switch (task.kind) {
    case 'report':
      return renderReport(task.report);
    case 'certificate':
      return renderCertificate(task.certificate, task.verifyUrl, task.timeZone);
    case 'reports-file': {
      const writer = reportPdfWriter(createWriteStream(task.path), { title: task.title, author: task.author });
      for (const report of task.reports) writer.add(report);
      await writer.end();
      return null;
    }
  }
}
