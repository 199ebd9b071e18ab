import { useCallback, useEffect, useMemo, useState } from 'react';
import { Segment } from 'semantic-ui-react';
import type { TimetableVersion } from '@schoolflow/contracts';
import { reportError } from '../api/http.js';
import { confirmAction } from '../components/confirm-dialog.js';
import { CardHead, ToolButton } from '../components/list-page.js';
import { RefSelect } from '../resources/ref-select.js';
import { textParam, useViewParam } from '../router/use-view-param.js';
import type { ViewProps } from '../router/view-props.js';
import { useDisclosure } from '../util/use-disclosure.js';
import { toast } from '../util/toast.js';
import { ScheduleDialog } from './schedule-dialog.js';
import { ScheduleRun, type ScheduleRunRef } from './schedule-run.js';
import { SchoolDaysForm } from './school-days-form.js';
import { TimetableEditor } from './timetable-editor.js';
import { useCopyVersion } from './use-copy-version.js';
import { useDeleteVersion } from './use-delete-version.js';
import { usePublishVersion } from './use-publish-version.js';
import { useTimetable } from './use-timetable.js';
import { useTimetableT } from './use-timetable-t.js';
import { useVersions } from './use-versions.js';
import { isRunning, VersionsTable } from './versions-table.js';
import '../resources/resource.css';
import './timetable.css';

/**
 * 排课 (timetable/scheduling, those who make timetables; issue 9): a semester's timetables — the published one, drafts,
 * archived ones — with their score and what they left out; 自动排课 (checked first: what makes it impossible is shown and
 * nothing starts; else a summary and the improvement time, then a live bar and the preview to publish or edit); the
 * grid editor of a class's week in a draft; school days a week.
 */
export default function SchedulingView({ active }: ViewProps) {
  const { tt } = useTimetableT();
  const [semesterId, setSemesterId] = useViewParam('semester', '', textParam);
  // the semester's id and name ('' = the current one, as the inquiry answers it)
  const meta = useTimetable({ semesterId: semesterId || undefined, mine: '1' }, active);
  const semester = meta.data?.semester ?? null;
  const versions = useVersions(semesterId, active);
  const list = useMemo(() => versions.data ?? [], [versions.data]);
  const dialog = useDisclosure();
  const [run, setRun] = useState<ScheduleRunRef | null>(null);
  const [closedRuns, setClosedRuns] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<string | null>(null);
  const [editorDirty, setEditorDirty] = useState(false);
  const publish = usePublishVersion();
  const copy = useCopyVersion();
  const remove = useDeleteVersion();
  const busy = publish.isPending || copy.isPending || remove.isPending;

  // a run under way that this page did not start (another administrator's, one started before a reload) shows its bar
  // too, taken while rendering as soon as the list shows it, and kept once taken so its end is seen
  const unseen = run ? undefined : list.find((v) => v.jobId && isRunning(v) && !closedRuns.has(v.jobId));
  if (unseen?.jobId) setRun({ jobId: unseen.jobId, timetableId: unseen.id });

  // the editor is where the page scrolls when a timetable is opened in it
  useEffect(() => {
    if (editing) document.querySelector('[data-testid="tt-editor"]')?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [editing]);

  /** Changes of the editor not saved are given up only when the user says so. */
  const leaveEditor = useCallback(async (): Promise<boolean> => !editorDirty || confirmAction(tt('page.editor.discardConfirm')), [editorDirty, tt]);

  const open = async (id: string) => {
    if (editing === id || !(await leaveEditor())) return;
    setEditorDirty(false);
    setEditing(id);
  };
  const closeEditor = async () => {
    if (!(await leaveEditor())) return;
    setEditorDirty(false);
    setEditing(null);
  };
  const changeSemester = async (id: string) => {
    if (!(await leaveEditor())) return;
    setEditorDirty(false);
    setEditing(null);
    setSemesterId(id);
  };

  const doPublish = async (v: TimetableVersion) => {
    if (!(await confirmAction(tt('page.versions.confirmPublish', { name: v.name })))) return;
    try {
      toast.success(await publish.mutateAsync(v.id));
    } catch (err) {
      reportError(err);
    }
  };
  const doCopy = async (v: TimetableVersion) => {
    try {
      const made = await copy.mutateAsync({ semesterId: v.semesterId, copyOf: v.id });
      toast.success(made.msg);
      if (made.id) await open(made.id);
    } catch (err) {
      reportError(err);
    }
  };
  const newDraft = async () => {
    if (!semester) return;
    try {
      const made = await copy.mutateAsync({ semesterId: semester.id });
      toast.success(made.msg);
      if (made.id) await open(made.id);
    } catch (err) {
      reportError(err);
    }
  };
  const doRemove = async (v: TimetableVersion) => {
    if (!(await confirmAction(tt('page.versions.confirmDelete', { name: v.name })))) return;
    try {
      toast.success(await remove.mutateAsync(v.id));
      if (editing === v.id) {
        setEditorDirty(false);
        setEditing(null);
      }
    } catch (err) {
      reportError(err);
    }
  };

  const edited = editing ? list.find((v) => v.id === editing) : undefined;
  const running = list.some(isRunning);

  return (
    <div className="sf-page sf-tt-page" data-testid="tt-scheduling" data-semester={semester?.id ?? ''}>
      <Segment className="sf-card">
        <CardHead
          icon="th"
          title={tt('page.scheduling.title')}
          sub={semester ? <span className="sf-card-sub">{semester.name}</span> : null}
          tools={
            <>
              <ToolButton primary icon="magic" text={tt('page.auto.button')} testId="tt-auto" disabled={!semester || running} onClick={dialog.open} />
              <ToolButton icon="plus" text={tt('page.versions.newDraft')} testId="tt-new-draft" disabled={!semester || busy} onClick={() => void newDraft()} />
            </>
          }
        />
        <p className="sf-hint">{tt('page.scheduling.hint')}</p>
        <div className="sf-tt-bar">
          <label className="sf-tt-label" htmlFor="tt-semester">
            {tt('page.inquiry.semester')}
          </label>
          <div className="sf-tt-select">
            <RefSelect source="semesters" value={semesterId} onValue={(id) => void changeSemester(id)} testId="tt-semester" emptyText={tt('page.inquiry.currentSemester')} />
          </div>
          <SchoolDaysForm active={active} />
        </div>
      </Segment>

      {run ? (
        <ScheduleRun
          key={run.jobId}
          run={run}
          version={list.find((v) => v.id === run.timetableId)}
          publishing={publish.isPending}
          onOpen={(id) => void open(id)}
          onPublish={(v) => void doPublish(v)}
          onClose={() => {
            setClosedRuns((s) => new Set([...s, run.jobId]));
            setRun(null);
          }}
        />
      ) : null}

      <VersionsTable versions={list} loading={versions.isFetching && !versions.data} reload={() => void versions.refetch()} editing={editing} busy={busy} actions={{ open: (v) => void open(v.id), publish: (v) => void doPublish(v), copy: (v) => void doCopy(v), remove: (v) => void doRemove(v) }} />

      {edited ? <TimetableEditor key={edited.id} version={edited} active={active} onCopy={(v) => void doCopy(v)} onClose={() => void closeEditor()} onDirty={setEditorDirty} /> : null}

      {semester ? (
        <ScheduleDialog
          open={dialog.opened}
          semesterId={semester.id}
          onClose={dialog.close}
          onStarted={(r) => {
            dialog.close();
            setRun(r);
          }}
        />
      ) : null}
    </div>
  );
}
