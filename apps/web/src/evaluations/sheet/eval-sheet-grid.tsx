import { type EvalSheet, EVAL_CELL_TYPING, evalScoreProblem, levelLetter, levelScore } from '@schoolflow/contracts';
import { useState } from 'react';
import { useGridKeys } from '../../components/grid/use-grid-keys.js';
import { i18n } from '../../i18n/i18n.js';
import { useFinalT } from '../final/use-final-t.js';

/** What is typed, by `studentId:contentId`, and the comments by student. */
export interface SheetTyping {
  cells: Record<string, string>;
  comments: Record<string, string>;
}

export const cellKey = (studentId: string, contentId: string) => `${studentId}:${contentId}`;

/** A typed cell's problem as the cell shows it (null: fine or empty). */
export function typedProblem(text: string, max: number): string | null {
  if (text === '' || text === '.') return null;
  const key = evalScoreProblem(Number(text), max);
  return key ? i18n.t(key.replace(/^validation\./, ''), { ns: 'validation', max }) : null;
}

interface Props {
  sheet: EvalSheet;
  typing: SheetTyping;
  onCell: (studentId: string, contentId: string, text: string) => void;
  onComment: (studentId: string, text: string) => void;
}

/**
 * The evaluation grid, made for typing: a row per student, a column per content of this evaluator role, and for the
 * head teacher a comment column. Arrows, Enter and Tab move (useGridKeys, shared with the grade sheet); a level letter
 * (A = first level) becomes that level's score; a keystroke that makes no score is refused where it is typed; a value
 * above the content's highest score is red with its message.
 */
export function EvalSheetGrid({ sheet, typing, onCell, onComment }: Props) {
  const { e } = useFinalT();
  const { grid, onKeyDown } = useGridKeys({ across: true });
  const [refused, setRefused] = useState<string | null>(null);
  const withComment = sheet.evaluator === 'head';

  const type = (studentId: string, contentIndex: number, next: string) => {
    const content = sheet.contents[contentIndex];
    if (!content) return;
    const key = cellKey(studentId, content.id);
    if (!EVAL_CELL_TYPING.test(next)) return setRefused(key);
    setRefused(null);
    if (/^[A-Ja-j]$/.test(next)) {
      const level = content.levels[next.toUpperCase().charCodeAt(0) - 65];
      if (!level) return setRefused(key);
      return onCell(studentId, content.id, String(levelScore(level)));
    }
    onCell(studentId, content.id, next);
  };

  return (
    <div className="sf-eval-grid-wrap" ref={grid} onKeyDown={onKeyDown} data-testid="eval-grid">
      <table className="ui celled compact unstackable table sf-eval-grid">
        <thead>
          <tr>
            <th>{e('sheet.studentNo')}</th>
            <th>{e('sheet.student')}</th>
            {sheet.contents.map((c) => (
              <th key={c.id} title={`${c.themeName} · ${c.description}\n${e('sheet.levelsHint')}: ${c.levels.map((l, i) => `${levelLetter(i)} ${l.name}`).join(', ')}`}>
                <div className="sf-hint">{c.themeName}</div>
                {c.name} <span className="sf-hint">/{c.maxScore}</span>
              </th>
            ))}
            {withComment ? <th>{e('sheet.comment')}</th> : null}
          </tr>
        </thead>
        <tbody>
          {sheet.rows.map((r, row) => (
            <tr key={r.studentId} data-testid={`eval-row-${r.studentNo}`}>
              <td>{r.studentNo}</td>
              <td>{r.name}</td>
              {sheet.contents.map((c, col) => {
                const key = cellKey(r.studentId, c.id);
                const text = typing.cells[key] ?? '';
                const problem = typedProblem(text, c.maxScore) ?? (refused === key ? e('sheet.keyboardHint') : null);
                return (
                  <td key={c.id} className={problem ? 'error' : undefined}>
                    <input
                      className={`sf-eval-cell${problem ? ' sf-eval-cell-bad' : ''}`}
                      data-cell={`${row}:${col}`}
                      data-testid={`eval-cell-${row}-${col}`}
                      aria-label={`${r.name} ${c.name}`}
                      title={problem ?? undefined}
                      inputMode="decimal"
                      value={text}
                      readOnly={!sheet.editable}
                      onChange={(ev) => type(r.studentId, col, ev.target.value)}
                    />
                  </td>
                );
              })}
              {withComment ? (
                <td>
                  <textarea
                    className="sf-eval-comment"
                    data-cell={`${row}:${sheet.contents.length}`}
                    data-testid={`eval-comment-${row}`}
                    aria-label={`${r.name} ${e('sheet.comment')}`}
                    value={typing.comments[r.studentId] ?? ''}
                    readOnly={!sheet.editable}
                    onChange={(ev) => onComment(r.studentId, ev.target.value)}
                  />
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
