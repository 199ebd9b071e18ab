import { type ClipboardEvent, useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { type GradeSheet, SCORE_MARKS, type ScoreMark, scoreProblem } from '@schoolflow/contracts';
import { useGridKeys } from '../components/grid/use-grid-keys.js';
import { i18n } from '../i18n/i18n.js';
import { toast } from '../util/toast.js';
import { cellProblem, markOf, mayType, parsePaste, pastedValue, rowScore, type SheetValues } from './sheet-model.js';
import { useGradesT } from './use-grades-t.js';

/** A `validation.*` key with its full marks, as the cell shows it. */
function problemText(key: string, max: number): string {
  return i18n.t(key.replace(/^validation\./, ''), { ns: 'validation', max });
}

/** How long a refused keystroke keeps its cell marked. */
const REFUSED_MS = 1800;

interface Props {
  sheet: GradeSheet;
  form: UseFormReturn<SheetValues>;
  values: SheetValues;
  /** Whether the cells are typed (the sheet's teacher, while it is theirs) or read. */
  editable: boolean;
  /** A save in flight: the cells stay (and keep the focus) but take no typing until it is answered. */
  busy: boolean;
  /** The row the server refused (a 400's `data.row`), by student. */
  errorStudent: string | null;
  onEdited: (row: number) => void;
}

/**
 * The grid of a score sheet, made for typing: one row per student; with score items one column per item and the
 * score their sum, computed as one types; a mark (absent, exempt) instead of a score. Enter and ↓ go down, Shift+Enter
 * and ↑ up, Tab and Shift+Tab across (useGridKeys); a column pasted from a spreadsheet fills the cell and
 * those below it. A keystroke that would not make a score (SCORE_TYPING) is refused where it is typed; a cell whose
 * value is not a score of this sheet (above full marks) is red with its message as one types.
 */
export function SheetGrid({ sheet, form, values, editable, busy, errorStudent, onEdited }: Props) {
  const { g } = useGradesT();
  const { grid, focusCell, onKeyDown } = useGridKeys();
  const [refused, setRefused] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const items = sheet.items;
  /** The typed columns, in order: each score item, or the score. The mark column follows them. */
  const typed = items.length > 0 ? items.map((it) => it.id) : ['score'];
  const markColumn = typed.length;
  const maxOf = (column: string): number => items.find((it) => it.id === column)?.fullMarks ?? sheet.fullMarks;
  const pathOf = (row: number, column: string) => (column === 'score' ? (`rows.${row}.score` as const) : (`rows.${row}.items.${column}` as const));
  const valueOf = (row: number, column: string): string => (column === 'score' ? (values.rows[row]?.score ?? '') : (values.rows[row]?.items[column] ?? ''));

  const set = (row: number, column: string, value: string) => {
    form.setValue(pathOf(row, column), value, { shouldDirty: true });
    onEdited(row);
  };
  const setMark = (row: number, mark: ScoreMark | '') => {
    form.setValue(`rows.${row}.mark`, mark, { shouldDirty: true });
    // a mark stands instead of a score: what was typed goes, so the row reads as what will be saved
    if (mark !== '') for (const column of typed) form.setValue(pathOf(row, column), '', { shouldDirty: true });
    onEdited(row);
  };

  const refuse = (cell: string) => {
    setRefused(cell);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setRefused(null), REFUSED_MS);
  };

  // An input method composes a word (缺考) through letters that are no score: while it composes, the cell takes
  // whatever it shows (and shows no problem); the word it commits is judged whole, and a refusal puts back what the
  // cell held before.
  const [composing, setComposing] = useState<{ cell: string; before: string } | null>(null);

  /** A change judged: a mark, a score being typed, or refused (the cell keeps its value). */
  const accept = (row: number, column: string, next: string) => {
    const mark = markOf(next);
    if (mark) return setMark(row, mark); // 缺考 typed through an input method arrives as one change
    if (!mayType(next)) return refuse(`${row}:${column}`);
    if (refused === `${row}:${column}`) setRefused(null);
    set(row, column, next);
    if (next !== '' && values.rows[row]?.mark) form.setValue(`rows.${row}.mark`, '', { shouldDirty: true }); // a typed score replaces a mark
  };

  const type = (row: number, column: string, next: string) => (composing?.cell === `${row}:${column}` ? set(row, column, next) : accept(row, column, next));

  const commit = (row: number, column: string, word: string) => {
    const before = composing?.before ?? '';
    setComposing(null);
    if (markOf(word) || mayType(word)) return accept(row, column, word);
    set(row, column, before);
    refuse(`${row}:${column}`);
  };

  /** A block pasted into a cell fills it and the cells below it (and to its right, for several columns). */
  const onPaste = (e: ClipboardEvent<HTMLInputElement>, row: number, col: number) => {
    e.preventDefault();
    const lines = parsePaste(e.clipboardData.getData('text/plain'));
    let skipped = 0;
    let extra = 0;
    lines.forEach((cells, i) => {
      const r = row + i;
      if (r >= sheet.rows.length) {
        if (cells.some((c) => c !== '')) extra++;
        return;
      }
      cells.forEach((cell, j) => {
        const c = col + j;
        if (c === markColumn) {
          const mark = markOf(cell);
          if (mark || cell === '') setMark(r, mark ?? '');
          else skipped++;
          return;
        }
        const column = typed[c];
        if (column === undefined) return;
        const pasted = pastedValue(cell);
        if (pasted.kind === 'mark') setMark(r, pasted.mark);
        else if (pasted.kind === 'skip') skipped++;
        else {
          set(r, column, pasted.value);
          if (pasted.value !== '' && form.getValues(`rows.${r}.mark`)) form.setValue(`rows.${r}.mark`, '', { shouldDirty: true });
        }
      });
    });
    if (skipped > 0) toast.warning(g('sheet.pasteSkipped', { n: skipped }));
    if (extra > 0) toast.warning(g('sheet.pasteExtra', { n: extra }));
    focusCell(Math.min(row + lines.length, sheet.rows.length) - 1, col);
  };

  const scoreCell = (row: number, column: string, col: number) => {
    const value = valueOf(row, column);
    const max = maxOf(column);
    const marked = (values.rows[row]?.mark ?? '') !== '';
    const problem = marked || composing?.cell === `${row}:${column}` ? null : cellProblem(value, max);
    const isRefused = refused === `${row}:${column}`;
    const testId = column === 'score' ? `sheet-score-${row}` : `sheet-item-${row}-${col}`;
    if (!editable) {
      return (
        <td className="sf-sheet-num" data-testid={testId}>
          {value}
        </td>
      );
    }
    return (
      <td className={`sf-sheet-cell${problem ? ' sf-cell-bad' : ''}${isRefused ? ' sf-cell-refused' : ''}`}>
        <input
          type="text"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          value={value}
          readOnly={busy}
          aria-label={`${sheet.rows[row]?.name ?? ''} ${column === 'score' ? g('sheet.score') : (items[col]?.name ?? '')}`}
          aria-invalid={problem ? true : undefined}
          data-cell={`${row}:${col}`}
          data-testid={testId}
          data-refused={isRefused ? 'true' : undefined}
          onChange={(e) => type(row, column, e.target.value)}
          onCompositionStart={() => setComposing({ cell: `${row}:${column}`, before: value })}
          onCompositionEnd={(e) => commit(row, column, e.currentTarget.value)}
          onPaste={(e) => onPaste(e, row, col)}
          onFocus={(e) => e.target.select()}
        />
        {problem ? (
          <div className="sf-cell-error" data-testid={`${testId}-error`}>
            {problemText(problem, max)}
          </div>
        ) : isRefused ? (
          <div className="sf-cell-error" data-testid={`${testId}-refused`}>
            {g('sheet.refused', { max })}
          </div>
        ) : null}
      </td>
    );
  };

  return (
    <div className="sf-sheet-wrap" ref={grid} onKeyDown={onKeyDown} data-testid="sheet-grid" data-editable={editable ? 'true' : 'false'}>
      <table className="ui celled compact unstackable table sf-sheet-grid">
        <thead>
          <tr>
            <th className="sf-sheet-index">#</th>
            <th>{g('sheet.no')}</th>
            <th>{g('sheet.name')}</th>
            {items.map((it) => (
              <th key={it.id} className="sf-sheet-num">
                {g('sheet.itemHead', { name: it.name, max: it.fullMarks })}
              </th>
            ))}
            <th className="sf-sheet-num">{items.length > 0 ? g('sheet.total') : g('sheet.score')}</th>
            <th>{g('sheet.mark')}</th>
          </tr>
        </thead>
        <tbody>
          {sheet.rows.map((student, row) => {
            const v = values.rows[row];
            const mark = v?.mark ?? '';
            const total = v ? rowScore(v, items) : null;
            const totalProblem = items.length > 0 && total !== null ? scoreProblem(total, sheet.fullMarks) : null;
            return (
              <tr
                key={student.studentId}
                className={errorStudent === student.studentId ? 'error' : undefined}
                data-testid="sheet-row"
                data-student={student.studentId}
                data-error={errorStudent === student.studentId ? 'true' : undefined}
              >
                <td className="sf-sheet-index">{row + 1}</td>
                <td className="sf-sheet-no">{student.studentNo}</td>
                <td className="sf-sheet-name">{student.name}</td>
                {items.length > 0 ? (
                  <>
                    {items.map((it, col) => scoreCell(row, it.id, col))}
                    <td className={`sf-sheet-num sf-sheet-total${totalProblem ? ' sf-cell-bad' : ''}`} data-testid={`sheet-total-${row}`}>
                      {total ?? ''}
                      {totalProblem ? <div className="sf-cell-error">{problemText(totalProblem, sheet.fullMarks)}</div> : null}
                    </td>
                  </>
                ) : (
                  scoreCell(row, 'score', 0)
                )}
                {editable ? (
                  <td className="sf-sheet-cell sf-sheet-mark">
                    <select
                      value={mark}
                      disabled={busy}
                      aria-label={`${student.name} ${g('sheet.mark')}`}
                      data-cell={`${row}:${markColumn}`}
                      data-testid={`sheet-mark-${row}`}
                      onChange={(e) => setMark(row, e.target.value as ScoreMark | '')}
                    >
                      <option value="">{g('sheet.markNone')}</option>
                      {SCORE_MARKS.map((m) => (
                        <option key={m} value={m}>
                          {g(`sheet.marks.${m}`)}
                        </option>
                      ))}
                    </select>
                  </td>
                ) : (
                  <td className="sf-sheet-mark" data-testid={`sheet-mark-${row}`}>
                    {mark ? <span className={`sf-mark sf-mark-${mark}`}>{g(`sheet.marks.${mark}`)}</span> : ''}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
