import { type EvalMySheet, type EvalRole, type EvalSheet, type EvalSheetSaveInput, formatSchoolTime } from '@schoolflow/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button, Message, Progress, Segment, Table } from 'semantic-ui-react';
import { errorMessage } from '../../api/http.js';
import { PageLoader } from '../../components/page-loader.js';
import { useRealtime } from '../../realtime/use-realtime.js';
import type { ViewProps } from '../../router/view-props.js';
import { evaluationKeys } from '../evaluations-client.js';
import { useFinalT } from '../final/use-final-t.js';
import { cellKey, EvalSheetGrid, type SheetTyping, typedProblem } from './eval-sheet-grid.js';
import { useEvalProgress } from './use-eval-progress.js';
import { useEvalSheet } from './use-eval-sheet.js';
import { useMyEvalSheets } from './use-my-eval-sheets.js';
import { useSaveEvalSheet } from './use-save-eval-sheet.js';
import '../evaluations.css';

/** How long typing rests before the changed cells are saved. */
const AUTOSAVE_MS = 700;

type Picked = Pick<EvalMySheet, 'roundId' | 'classId' | 'evaluator'>;

const typingOf = (sheet: EvalSheet): SheetTyping => {
  const cells: Record<string, string> = {};
  const comments: Record<string, string> = {};
  for (const r of sheet.rows) {
    for (const [contentId, v] of Object.entries(r.scores)) cells[cellKey(r.studentId, contentId)] = v === null ? '' : String(v);
    comments[r.studentId] = r.comment ?? '';
  }
  return { cells, comments };
};

/** The head teacher's class progress per evaluator role, refreshed on every `evaluation.progress` push of the round. */
function ClassProgress({ roundId, classId }: { roundId: string; classId: string }) {
  const { e } = useFinalT();
  const client = useQueryClient();
  const progress = useEvalProgress(roundId, true);
  useRealtime('evaluation.progress', (p) => {
    if (p.roundId === roundId) void client.invalidateQueries({ queryKey: evaluationKeys.progress(roundId) });
  });
  const rows = (progress.data?.rows ?? []).filter((r) => r.classId === classId);
  if (rows.length === 0) return null;
  return (
    <Segment data-testid="eval-progress">
      <h4>{e('sheet.classProgress')}</h4>
      <Table compact celled>
        <Table.Header>
          <Table.Row>
            <Table.HeaderCell>{e('sheet.role')}</Table.HeaderCell>
            <Table.HeaderCell>{e('sheet.filled')}</Table.HeaderCell>
            <Table.HeaderCell>{e('sheet.total')}</Table.HeaderCell>
            <Table.HeaderCell />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((r) => (
            <Table.Row key={r.role} data-testid={`eval-progress-${r.role}`}>
              <Table.Cell>{e(`roles.${r.role}`)}</Table.Cell>
              <Table.Cell>{r.filled}</Table.Cell>
              <Table.Cell>{r.total}</Table.Cell>
              <Table.Cell>
                <Progress size="tiny" percent={r.total > 0 ? Math.round((100 * r.filled) / r.total) : 0} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
    </Segment>
  );
}

/** One sheet being filled: the grid, autosaved (the changed cells, debounced), with its state and refusals. */
function SheetEditor({ picked, onBack }: { picked: Picked; onBack: () => void }) {
  const sheet = useEvalSheet(picked.roundId, picked.classId, picked.evaluator);
  if (sheet.isPending) return <PageLoader />;
  if (sheet.isError) return <Message negative content={errorMessage(sheet.error)} data-testid="eval-sheet-error" />;
  return <SheetForm data={sheet.data} picked={picked} onBack={onBack} />;
}

function SheetForm({ data, picked, onBack }: { data: EvalSheet; picked: Picked; onBack: () => void }) {
  const { e } = useFinalT();
  const save = useSaveEvalSheet(picked.roundId, picked.classId, picked.evaluator);
  // the sheet as typed: a form whose values are the grid's text. No resolver: autosave checks cell by cell (the
  // contract's `evalScoreProblem`, through `typedProblem`), sending the fine ones and keeping a wrong one red, unsent
  const form = useForm<SheetTyping>({ defaultValues: typingOf(data) });
  const { control, getValues, setValue } = form;
  const typing = useWatch({ control }) as SheetTyping;
  /** What changed since the last save (sent or not yet: not the form's dirtiness, which is against the sheet as read). */
  const dirtyCells = useRef(new Set<string>());
  const dirtyComments = useRef(new Set<string>());
  const inFlight = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const flush = useRef<() => void>(() => undefined);
  /**
   * A change waits for the autosave's pause: until it is sent the sheet says it is saving, not the last save's time —
   * which would call a value typed after that save saved (the browser test once left the page on it under load).
   */
  const [waiting, setWaiting] = useState(false);

  const schedule = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    setWaiting(true);
    timer.current = setTimeout(() => flush.current(), AUTOSAVE_MS);
  }, []);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  useEffect(() => {
    flush.current = () => {
      if (inFlight.current) return; // the answer schedules what changed meanwhile (still waiting meanwhile)
      setWaiting(false);
      const now = getValues();
      const maxOf = new Map(data.contents.map((c) => [c.id, c.maxScore]));
      const body: Required<Pick<EvalSheetSaveInput, 'cells' | 'comments'>> = { cells: [], comments: [] };
      for (const key of [...dirtyCells.current]) {
        const [studentId = '', contentId = ''] = key.split(':');
        const text = now.cells[key] ?? '';
        if (text === '.' || typedProblem(text, maxOf.get(contentId) ?? 0)) continue; // stays dirty, red, unsent
        body.cells.push({ studentId, contentId, score: text === '' ? null : Number(text) });
        dirtyCells.current.delete(key);
      }
      for (const studentId of [...dirtyComments.current]) {
        const text = now.comments[studentId] ?? '';
        body.comments.push({ studentId, text: text === '' ? null : text });
        dirtyComments.current.delete(studentId);
      }
      if (body.cells.length === 0 && body.comments.length === 0) return;
      inFlight.current = true;
      save.mutate(body, {
        onError: () => {
          // kept: what was refused is sent again with the next change
          for (const c of body.cells) dirtyCells.current.add(cellKey(c.studentId, c.contentId));
          for (const c of body.comments) dirtyComments.current.add(c.studentId);
        },
        onSettled: (_r, err) => {
          inFlight.current = false;
          if (err) setWaiting(false); // the refusal is shown; what it kept goes with the next change
          else if (dirtyCells.current.size + dirtyComments.current.size > 0) schedule();
        },
      });
    };
  });

  // the save shown is the last one's: a save under way says so, a refused one says nothing here (its message below).
  // A typed value the grid holds back (red, unsent) is not saved: its message, not the last save's time, is shown
  const maxOf = new Map(data.contents.map((c) => [c.id, c.maxScore]));
  const heldBack = Object.entries(typing.cells ?? {}).reduce<string | null>((found, [key, text]) => found ?? typedProblem(text ?? '', maxOf.get(key.split(':')[1] ?? '') ?? 0), null);
  const savedAt = save.data?.savedAt ?? null;

  return (
    <div data-testid="eval-sheet">
      <Button basic icon="arrow left" content={e('sheet.back')} onClick={onBack} data-testid="eval-back" />
      <h3>
        {data.round.name} · {data.class.name} · {e(`roles.${data.evaluator}`)}
      </h3>
      {data.editable ? <p className="sf-hint">{e('sheet.keyboardHint')}</p> : <Message info content={e('sheet.readOnly')} />}
      <div className={`sf-eval-status${heldBack ? ' sf-field-error' : ''}`} data-testid="eval-save-state" data-held-back={heldBack ? 'true' : undefined}>
        {heldBack ? e('sheet.saveFailed', { reason: heldBack }) : save.isPending || waiting ? e('sheet.autosaving') : save.isError ? null : savedAt ? e('sheet.autosaved', { time: formatSchoolTime(Date.parse(savedAt)).slice(11, 19) }) : null}
      </div>
      {save.isError ? <Message negative content={e('sheet.saveFailed', { reason: errorMessage(save.error) })} data-testid="eval-save-error" /> : null}
      {data.rows.length === 0 ? <Message content={e('sheet.noStudents')} /> : null}
      {data.rows.length > 0 ? (
        <EvalSheetGrid
          sheet={data}
          typing={typing}
          onCell={(studentId, contentId, text) => {
            const key = cellKey(studentId, contentId);
            dirtyCells.current.add(key);
            setValue(`cells.${key}`, text);
            schedule();
          }}
          onComment={(studentId, text) => {
            dirtyComments.current.add(studentId);
            setValue(`comments.${studentId}`, text);
            schedule();
          }}
        />
      ) : null}
      {data.evaluator === 'head' ? <ClassProgress roundId={data.round.id} classId={data.class.id} /> : null}
    </div>
  );
}

/** 三级评价 (/evaluation/sjpj): the caller's sheets (round, class, evaluator role), then the chosen sheet's grid. */
export default function EvaluateView({ active }: ViewProps) {
  const { e } = useFinalT();
  const sheets = useMyEvalSheets(active);
  const [picked, setPicked] = useState<Picked | null>(null);
  return (
    <div className="sf-page sf-eval" data-testid="eval-sheet-page">
      <h2>{e('page.evaluate')}</h2>
      {picked ? (
        <SheetEditor key={`${picked.roundId}:${picked.classId}:${picked.evaluator}`} picked={picked} onBack={() => setPicked(null)} />
      ) : sheets.isPending ? (
        <PageLoader />
      ) : sheets.isError ? (
        <Message negative content={errorMessage(sheets.error)} />
      ) : sheets.data.length === 0 ? (
        <Message content={e('sheet.empty')} data-testid="eval-sheets-empty" />
      ) : (
        <Segment>
          <h3>{e('sheet.mine')}</h3>
          <p className="sf-hint">{e('sheet.intro')}</p>
          <Table compact celled data-testid="eval-my-sheets">
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>{e('analysis.round')}</Table.HeaderCell>
                <Table.HeaderCell>{e('analysis.class')}</Table.HeaderCell>
                <Table.HeaderCell>{e('sheet.role')}</Table.HeaderCell>
                <Table.HeaderCell>{e('settings.phase')}</Table.HeaderCell>
                <Table.HeaderCell>{e('analysis.progress')}</Table.HeaderCell>
                <Table.HeaderCell />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {sheets.data.map((s) => (
                <Table.Row key={`${s.roundId}:${s.classId}:${s.evaluator}`} data-testid={`eval-my-sheet-${s.evaluator}`}>
                  <Table.Cell>{s.roundName}</Table.Cell>
                  <Table.Cell>{s.className}</Table.Cell>
                  <Table.Cell>{e(`roles.${s.evaluator satisfies EvalRole}`)}</Table.Cell>
                  <Table.Cell>{e(`phases.${s.phase}`)}</Table.Cell>
                  <Table.Cell>{e('sheet.progress', { filled: s.filled, total: s.total })}</Table.Cell>
                  <Table.Cell>
                    <Button
                      size="small"
                      primary={s.phase === 'open'}
                      content={s.phase === 'open' ? e('sheet.open') : e('sheet.view')}
                      data-testid={`eval-open-${s.evaluator}`}
                      onClick={() => setPicked({ roundId: s.roundId, classId: s.classId, evaluator: s.evaluator })}
                    />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        </Segment>
      )}
    </div>
  );
}
