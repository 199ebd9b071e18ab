import { GradePermission } from '@schoolflow/contracts';
import type { Principal } from '../../infrastructure/http/request-context.js';
import type { SheetHead } from './grade-sheets.repository.js';

/**
 * Who may read a sheet, fact by fact: its teacher, its reviewers (the instance's participants), the class's head
 * teacher — and grade managers, whatever the sheet. Stated once, here, and read two ways: by `mayReadSheet` over one
 * sheet's head, and by `countsInAnalysisSql` as a predicate over the columns that hold the same facts, so that a sheet
 * and every statement that reads many sheets at once (the analysis) cannot come to disagree.
 */
const READERS = [
  { fact: 'teacherId', holds: 'is' },
  { fact: 'participants', holds: 'among' },
  { fact: 'headTeacherId', holds: 'is' },
] as const satisfies readonly { fact: keyof SheetHead; holds: 'is' | 'among' }[];

type ReaderFact = (typeof READERS)[number]['fact'];
type ReaderFacts = Pick<SheetHead, ReaderFact>;

/**
 * The review statuses (`wf_instance.review_status`) of a sheet whose scores are its teacher's word: sent for review
 * (`pending`) or passed. A draft, or a sheet sent back (`unreviewed`, `rejected`), is still being typed: only its own
 * readers see its scores (docs/adr/0024, "What the analysis counts").
 */
export const SUBMITTED_REVIEW = ['pending', 'passed'] as const;

/** A reader as the rule needs them: who, and whether they manage grades (managers read every sheet). */
export interface SheetReader {
  userId: string;
  manager: boolean;
}

export const sheetReader = (me: Principal): SheetReader => ({ userId: me.userId, manager: me.permissions.has(GradePermission.manage) });

function readsByFacts(reader: SheetReader, head: ReaderFacts): boolean {
  return READERS.some((r) => (r.holds === 'among' ? (head[r.fact] as readonly string[]).includes(reader.userId) : head[r.fact] === reader.userId));
}

/** Who may read a sheet: its teacher, its reviewers (the instance's participants), the class's head teacher, managers. */
export function mayReadSheet(me: Principal, head: ReaderFacts): boolean {
  const reader = sheetReader(me);
  return reader.manager || readsByFacts(reader, head);
}

/**
 * Whether a sheet's scores count in the analysis a reader asks for: a sheet submitted or passed counts for every
 * reader; one still being typed counts only for those who may read it as a sheet.
 */
export function countsInAnalysis(reader: SheetReader, head: ReaderFacts & { review: string }): boolean {
  return (SUBMITTED_REVIEW as readonly string[]).includes(head.review) || reader.manager || readsByFacts(reader, head);
}

/** Where a statement holds a sheet's facts: SQL expressions, one per fact of `READERS`, and the review status. */
export type SheetColumns = Record<ReaderFact, string> & { review: string };

/**
 * `countsInAnalysis` as a SQL predicate over `columns`; `reader` names the placeholders of the reader's id (a uuid)
 * and of whether they manage grades (a boolean), e.g. `{ userId: '$5', manager: '$6' }`.
 */
export function countsInAnalysisSql(columns: SheetColumns, reader: { userId: string; manager: string }): string {
  const me = `${reader.userId}::uuid`;
  const facts = READERS.map((r) => (r.holds === 'among' ? `${me} = ANY(${columns[r.fact]})` : `${columns[r.fact]} = ${me}`));
  return `(${columns.review} IN (${SUBMITTED_REVIEW.map((s) => `'${s}'`).join(', ')}) OR ${reader.manager}::boolean OR ${facts.join(' OR ')})`;
}
