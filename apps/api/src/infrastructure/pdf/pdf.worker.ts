import { documentFont } from './pdf-font.js';
import { runPdfTask, type PdfTask } from './pdf-tasks.js';

// A PDF worker thread of the pool (pdf-pool.ts): the font is read and parsed as the thread starts, once, not per
// document and not on the first request's time.
documentFont();

/** Piscina runs the module's default export for each task. */
export default function render(task: PdfTask): Promise<Uint8Array | null> {
  return runPdfTask(task);
}
