import type { PublishedScore } from '@schoolflow/contracts';

export interface BatchScores {
  batchId: string;
  batchName: string;
  examNodeName: string;
  publishedAt: string;
  scores: PublishedScore[];
}

export interface SemesterScores {
  semesterId: string;
  semesterName: string;
  batches: BatchScores[];
}

/**
 * Published scores (as the server orders them: by semester, batch, course) grouped by semester and batch, the latest
 * semester first — the one a student or parent most likely opens the page for.
 */
export function bySemester(scores: readonly PublishedScore[]): SemesterScores[] {
  const semesters: SemesterScores[] = [];
  for (const s of scores) {
    let semester = semesters.find((x) => x.semesterId === s.semesterId);
    if (!semester) {
      semester = { semesterId: s.semesterId, semesterName: s.semesterName, batches: [] };
      semesters.push(semester);
    }
    let batch = semester.batches.find((b) => b.batchId === s.batchId);
    if (!batch) {
      batch = { batchId: s.batchId, batchName: s.batchName, examNodeName: s.examNodeName, publishedAt: s.publishedAt, scores: [] };
      semester.batches.push(batch);
    }
    batch.scores.push(s);
  }
  return semesters.reverse();
}

/** A score as shown: at most two decimals, no trailing zeros. */
export const scoreText = (n: number): string => String(Math.round(n * 100) / 100);

/** The day of an ISO instant, as the school writes it (YYYY-MM-DD in local time). */
export function dayOf(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
