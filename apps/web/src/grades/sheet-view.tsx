import { type KeyboardEvent, useEffect, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, Icon, Message, Segment } from 'semantic-ui-react';
import type { GradeSheet, WorkflowInstanceView } from '@schoolflow/contracts';
import { type FlowDefinition, flowOf } from '@schoolflow/workflows';
import { ApiError, reportError } from '../api/http.js';
import { EmptyState } from '../components/empty-state.js';
import { CardHead, RefreshButton } from '../components/list-page.js';
import { PageLoader } from '../components/page-loader.js';
import { useLeaveWarning } from '../components/use-leave-warning.js';
import type { ViewProps } from '../router/view-props.js';
import { toast } from '../util/toast.js';
import { useDialogTarget } from '../util/use-disclosure.js';
import { ActionModal } from '../workflow/action-modal.js';
import { type CommandInput, refusalOf } from '../workflow/flow-model.js';
import { commandLabel, commandTestId, detailPath } from '../workflow/labels.js';
import { useFlowInstance } from '../workflow/use-flow-instance.js';
import { isLostRace, useActionKey, useWorkflowCommand, useWorkflowInstance } from '../workflow/use-workflow-instance.js';
import { gradesKeys, SHEET_FLOW, type SheetRef } from './grades-client.js';
import { SheetGrid } from './sheet-grid.js';
import { changedRows, problems, saveBody, summarize, toValues, type SheetValues } from './sheet-model.js';
import { SheetState } from './sheet-state.js';
import { useGradesLive } from './use-grades-live.js';
import { useGradesT } from './use-grades-t.js';
import { useSaveSheet } from './use-save-sheet.js';
import { useSheet } from './use-sheet.js';
import './grades-entry.css';

/** The flow's declaration, shared with the server: its commands, their modal, the machine that offers them. */
const def: FlowDefinition = (() => {
  const found = flowOf(SHEET_FLOW);
  if (!found) throw new Error(`the flow registry has no ${SHEET_FLOW}`);
  return found;
})();

/**
 * 成绩单 (grades/sheet?batchId=&classId=&courseId=, a hidden page opened from 成绩录入, 成绩确认, a review task and the
 * flow's detail page): the sheet's grid — typed by its teacher while it is theirs, read by everyone else — with its
 * summary, its draft saving, and the decisions of its grade-confirmation (submit; approve or reject for a reviewer).
 */
export default function SheetView({ active }: ViewProps) {
  const { g } = useGradesT();
  const [params] = useSearchParams();
  const ref: SheetRef = { batchId: params.get('batchId') ?? '', classId: params.get('classId') ?? '', courseId: params.get('courseId') ?? '' };
  const sheet = useSheet(ref, active);

  if (!ref.batchId || !ref.classId || !ref.courseId) {
    return (
      <div className="sf-page" data-testid="grade-sheet-none">
        <Segment className="sf-card">
          <EmptyState icon="table" text={g('sheet.noParams')}>
            <Link className="ui basic primary button" to="/grades/entry">
              {g('entry.title')}
            </Link>
          </EmptyState>
        </Segment>
      </div>
    );
  }
  if (!sheet.data) {
    if (sheet.isError) {
      return (
        <div className="sf-page" data-testid="grade-sheet-missing">
          <Segment className="sf-card">
            <EmptyState icon="search" text={sheet.error instanceof Error ? sheet.error.message : g('sheet.noParams')} />
          </Segment>
        </div>
      );
    }
    return <PageLoader />;
  }
  // a new sheet (another address in the same tab) is a new form
  return <SheetEditor key={`${ref.batchId}/${ref.classId}/${ref.courseId}`} sheet={sheet.data} sheetRef={ref} active={active} reload={() => void sheet.refetch()} />;
}

function SheetEditor({ sheet, sheetRef, active, reload }: { sheet: GradeSheet; sheetRef: SheetRef; active: boolean; reload: () => void }) {
  const { t, g, lang } = useGradesT();
  const form = useForm<SheetValues>({ defaultValues: toValues(sheet) });
  const rows = useWatch({ control: form.control, name: 'rows' });
  const values = useMemo((): SheetValues => ({ rows }), [rows]);
  // the row a refused save named is an error of the form's row (`setError`), until that row is edited or a save resets
  const rowErrors = form.formState.errors.rows;
  const errorStudent = rowErrors ? (sheet.rows.find((_, i) => rowErrors[i] !== undefined)?.studentId ?? null) : null;
  const { target: command, open: showCommand, close: closeCommand } = useDialogTarget<string>();
  const actionKey = useActionKey(command);
  const save = useSaveSheet(sheetRef);
  // a decision changes the sheet's state and counts on every grades page: they are read again with the instance
  const send = useWorkflowCommand(SHEET_FLOW, gradesKeys.all);
  // a reader who is no participant (a head teacher, a manager) may be refused the instance: then the page offers no
  // decision, and says nothing about it
  const instance = useWorkflowInstance(SHEET_FLOW, sheet.instanceId, { enabled: active, quiet: 'all' });
  const view: WorkflowInstanceView | null = instance.data ?? null;
  const flow = useFlowInstance(def, view);

  const items = sheet.items;
  /** What the server holds (as loaded or last saved: the form's defaults, which every reset sets): the changed rows are those that differ from it. */
  const saved = form.formState.defaultValues as SheetValues;
  const changed = useMemo(() => changedRows(saved, values, items), [saved, values, items]);
  const dirty = changed.length > 0;
  const typing = sheet.editable && sheet.mine;

  // A sheet read again (a decision, a push) replaces the form, unless the teacher has typing of their own not saved
  // yet and may still save it.
  useEffect(() => {
    if (sheet.editable && sheet.mine && changedRows(form.formState.defaultValues as SheetValues, form.getValues(), sheet.items).length > 0) return;
    form.reset(toValues(sheet));
  }, [sheet, form]);

  // Leaving the page (closing the window, reloading) with unsaved typing asks first.
  useLeaveWarning(dirty);

  const refresh = () => {
    reload();
    void instance.refetch();
  };
  // Someone acted on this sheet (the reviewer passed it, the teacher submitted it): show it at once (its instance
  // follows the same pushes by itself).
  useGradesLive((id) => {
    if (id === sheet.instanceId && active) reload();
  });

  const focusProblem = (row: number) => {
    const el = document.querySelector<HTMLInputElement>(`[data-testid="grade-sheet"] [data-cell^="${row}:"]`);
    el?.focus();
  };

  /** Saves the changed rows; answers whether everything typed is now saved. */
  const saveDraft = async (quiet = false): Promise<boolean> => {
    const now = form.getValues();
    const bad = problems(now, sheet);
    if (bad.length > 0) {
      toast.error(g('sheet.fixFirst', { n: bad.length }));
      if (bad[0]) focusProblem(bad[0].row);
      return false;
    }
    const rows = changedRows(saved, now, items);
    if (rows.length === 0) {
      if (!quiet) toast.info(g('sheet.nothingToSave'));
      return true;
    }
    const body = saveBody(sheet, now, rows);
    try {
      const msg = await save.mutateAsync(body);
      const kept = structuredClone(now);
      form.reset(kept);
      toast.success(quiet ? g('sheet.savedBeforeSubmit') : msg || g('sheet.allSaved'));
      return true;
    } catch (err) {
      // a 400 names the body's row (1-based) and its student: that row is marked until it is edited
      const data = err instanceof ApiError && err.data && typeof err.data === 'object' ? (err.data as { row?: unknown; studentId?: unknown }) : null;
      const student = typeof data?.studentId === 'string' ? data.studentId : typeof data?.row === 'number' ? (body.scores[data.row - 1]?.studentId ?? null) : null;
      const index = student ? sheet.rows.findIndex((r) => r.studentId === student) : -1;
      if (index >= 0) {
        form.clearErrors('rows');
        form.setError(`rows.${index}`, { type: 'server' });
        focusProblem(index);
      }
      reportError(err);
      return false;
    }
  };

  // Ctrl+S saves, as in a spreadsheet.
  const onKeyDown = (e: KeyboardEvent) => {
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
      e.preventDefault();
      if (typing) void saveDraft();
    }
  };

  /** The decisions offered here: those the server grants me now and the machine accepts (转办 and 抄送 are on the flow's page). */
  const offered = view ? flow.offered.filter((c) => view.can.includes(c)) : [];

  const openCommand = (cmd: string) => {
    // a sheet with empty rows cannot go to review (the server counts them again as it is sent): said before asking
    if (cmd === 'SUBMIT' && summarize(form.getValues(), items).missing > 0) {
      toast.error(g('errors.sheetIncomplete'));
      return;
    }
    showCommand(cmd);
  };

  const check = (cmd: string, input: CommandInput): string | null => (view && flow.snapshot ? refusalOf(def, flow.snapshot, view, cmd, input) : null);

  const sendCommand = async (cmd: string, input: CommandInput): Promise<boolean> => {
    if (!view) return false;
    // a sheet goes to review as it stands on screen: what is typed is saved first
    if (cmd === 'SUBMIT' && dirty && !(await saveDraft(true))) return true;
    try {
      const msg = await send.mutateAsync({ id: view.id, type: cmd, comment: input.comment, version: view.version, key: actionKey });
      toast.success(msg || t('leaveAction.done'));
    } catch (err) {
      if (isLostRace(err)) toast.warning(err.message || t('leaveAction.conflict'));
      else reportError(err);
    }
    // the sheet and its instance are read again by the command's hook (every grades query on screen)
    return true;
  };

  const sum = summarize(values, items, sheet.fullMarks);
  const dash = g('sheet.summaryEmpty');
  const readOnlyNote = !sheet.editable ? (sheet.state === 'passed' ? g('sheet.readOnly.passed') : g('sheet.readOnly.review')) : !sheet.mine ? g('sheet.readOnly.notMine', { teacher: sheet.teacher.name }) : null;

  return (
    <div
      className="sf-page sf-grade-sheet"
      data-testid="grade-sheet"
      data-state={sheet.state}
      data-instance={sheet.instanceId}
      data-version={view?.version ?? sheet.version}
      data-dirty={dirty ? 'true' : 'false'}
      onKeyDown={onKeyDown}
    >
      <Segment className="sf-card">
        <CardHead
          icon="table"
          title={
            <>
              {sheet.class.name} · {sheet.course.name}
            </>
          }
          sub={<span className="sf-card-sub">{sheet.batch.name}</span>}
          toolsClass="sf-card-tools"
          tools={
            <>
              <Link to={detailPath(SHEET_FLOW, sheet.instanceId)} className="sf-sheet-history" data-testid="sheet-history">
                <Icon name="history" /> {g('sheet.history')}
              </Link>
              <RefreshButton onClick={refresh} testId="sheet-refresh" />
            </>
          }
        />
        <dl className="sf-fields">
          <div>
            <dt>{g('sheet.batch')}</dt>
            <dd data-testid="sheet-batch">
              {sheet.batch.name}
              {sheet.batch.published ? <span className="sf-sheet-published">{g('entry.published')}</span> : null}
            </dd>
          </div>
          <div>
            <dt>{g('sheet.teacher')}</dt>
            <dd>{sheet.teacher.name}</dd>
          </div>
          <div>
            <dt>{g('sheet.fullMarks')}</dt>
            <dd data-testid="sheet-full-marks">{sheet.fullMarks}</dd>
          </div>
          <div>
            <dt>{g('sheet.state')}</dt>
            <dd>
              <SheetState state={sheet.state} lang={lang} testId="sheet-state" />
            </dd>
          </div>
        </dl>
        {sheet.rejection !== null ? (
          <Message warning size="small" data-testid="sheet-rejection">
            <Icon name="undo" /> {g('sheet.returned', { reason: sheet.rejection })}
          </Message>
        ) : null}
        {readOnlyNote ? (
          <Message info size="small" data-testid="sheet-read-only">
            <Icon name="lock" /> {readOnlyNote}
          </Message>
        ) : null}
      </Segment>

      <Segment className="sf-card">
        <div className="sf-sheet-bar">
          <div className="sf-sheet-summary" data-testid="sheet-summary" data-count={sum.count} data-missing={sum.missing}>
            <span>
              {g('sheet.summary', { count: sum.count, average: sum.average ?? dash, highest: sum.highest ?? dash, lowest: sum.lowest ?? dash })}
            </span>
            <span className="sf-sub">{g('sheet.summaryMarks', { absent: sum.absent, exempt: sum.exempt, missing: sum.missing })}</span>
          </div>
          <div className="sf-sheet-actions" data-testid="sheet-actions">
            {typing ? (
              <span className={dirty ? 'sf-sheet-dirty' : 'sf-sheet-clean'} data-testid="sheet-dirty">
                <Icon name={dirty ? 'circle' : 'check'} /> {save.isPending ? g('sheet.saving') : dirty ? g('sheet.unsaved', { n: changed.length }) : g('sheet.allSaved')}
              </span>
            ) : null}
            {typing ? (
              <Button basic primary disabled={!dirty || save.isPending} loading={save.isPending} onClick={() => void saveDraft()} data-testid="sheet-save">
                <Icon name="save outline" /> {g('sheet.save')}
              </Button>
            ) : null}
            {offered.map((cmd) => {
              const ui = def.commandUi(cmd);
              return (
                <Button
                  key={cmd}
                  primary={ui.tone === 'primary'}
                  negative={ui.tone === 'negative'}
                  basic={ui.tone === 'basic'}
                  disabled={save.isPending || send.isPending}
                  data-testid={`sheet-${commandTestId(cmd)}`}
                  onClick={() => openCommand(cmd)}
                >
                  <Icon name={ui.icon} /> {commandLabel(cmd, 'button', lang)}
                </Button>
              );
            })}
          </div>
        </div>
        {typing ? <p className="sf-sheet-hint">{g('sheet.keysHint')}</p> : null}
        <SheetGrid
          sheet={sheet}
          form={form}
          values={values}
          editable={typing}
          busy={save.isPending}
          errorStudent={errorStudent}
          onEdited={(row) => {
            if (rowErrors?.[row]) form.clearErrors(`rows.${row}`);
          }}
        />
      </Segment>

      <ActionModal
        flow={def}
        command={command}
        title={command ? g('sheet.actionTitle', { action: commandLabel(command, 'title', lang), className: sheet.class.name, course: sheet.course.name }) : undefined}
        instance={{ flow: SHEET_FLOW, id: sheet.instanceId }}
        testIds={{ modal: 'sheet-modal', comment: 'sheet-comment', submit: 'sheet-confirm', cancel: 'sheet-cancel' }}
        check={check}
        onSubmit={sendCommand}
        onClose={closeCommand}
      />
    </div>
  );
}
