import type { ReactNode } from 'react';
import { Button, Icon, Label, type SemanticCOLORS } from 'semantic-ui-react';
import type { TimetableState, TimetableVersion } from '@schoolflow/contracts';
import { type Column, DeleteButton, ListCard } from '../components/list-page.js';
import { schoolTime } from '../workflow/flow-model.js';
import { useTimetableT } from './use-timetable-t.js';

const STATE_COLOURS: Readonly<Record<TimetableState, SemanticCOLORS>> = { draft: 'blue', published: 'green', archived: 'grey' };

/** A version the scheduler is still making (its lessons and score are not there yet). */
export const isRunning = (v: Pick<TimetableVersion, 'jobState'>): boolean => v.jobState === 'queued' || v.jobState === 'running';

export interface VersionActions {
  open: (v: TimetableVersion) => void;
  publish: (v: TimetableVersion) => void;
  copy: (v: TimetableVersion) => void;
  remove: (v: TimetableVersion) => void;
}

/**
 * A semester's timetables as 排课 lists them: name, how it was made, its state, lessons, the scheduler's score and what
 * it left out, who made it and when; open in the editor (read-only unless a draft), publish a draft, copy any to a new
 * draft, delete a draft or an archived one.
 */
export function VersionsTable({
  versions,
  loading,
  reload,
  editing,
  busy,
  actions,
  tools,
}: {
  versions: readonly TimetableVersion[];
  loading: boolean;
  reload: () => void;
  /** The one open in the editor. */
  editing: string | null;
  /** A write under way (the buttons wait). */
  busy: boolean;
  actions: VersionActions;
  tools?: ReactNode;
}) {
  const { tt } = useTimetableT();
  const columns: Column<TimetableVersion>[] = [
    {
      title: tt('page.versions.col.name'),
      cell: (v) => (
        <span className="sf-strong" data-testid="tt-version-name">
          {v.name}
          {editing === v.id ? (
            <Label size="mini" basic color="blue" className="sf-tt-editing">
              {tt('page.versions.editing')}
            </Label>
          ) : null}
        </span>
      ),
    },
    { title: tt('page.versions.col.source'), narrow: true, props: { singleLine: true }, cell: (v) => tt(`page.versions.source.${v.source}`) },
    {
      title: tt('page.versions.col.state'),
      narrow: true,
      props: { singleLine: true },
      cell: (v) =>
        isRunning(v) ? (
          <Label size="tiny" basic color="orange" data-testid="tt-version-state" data-state="running">
            <Icon name="spinner" loading /> {tt('page.versions.running')}
          </Label>
        ) : (
          <Label size="tiny" basic color={STATE_COLOURS[v.state]} data-testid="tt-version-state" data-state={v.state}>
            {tt(`page.versions.state.${v.state}`)}
          </Label>
        ),
    },
    { title: tt('page.versions.col.lessons'), narrow: true, props: { textAlign: 'right', 'data-testid': 'tt-version-lessons' }, cell: (v) => v.lessons },
    { title: tt('page.versions.col.score'), narrow: true, props: { textAlign: 'right' }, cell: (v) => (v.score ? <span title={tt('page.versions.scoreHint')}>{v.score.total}</span> : tt('page.versions.none')) },
    {
      title: tt('page.versions.col.unplaced'),
      narrow: true,
      props: { textAlign: 'right' },
      cell: (v) => (v.unplaced ? <span className={v.unplaced.length > 0 ? 'sf-tt-warn' : undefined}>{v.unplaced.reduce((n, u) => n + u.count, 0)}</span> : tt('page.versions.none')),
    },
    { title: tt('page.versions.col.createdBy'), narrow: true, props: { singleLine: true }, cell: (v) => v.createdBy },
    { title: tt('page.versions.col.createdAt'), narrow: true, props: { singleLine: true }, cell: (v) => schoolTime(v.createdAt) },
    {
      title: tt('page.versions.col.actions'),
      narrow: true,
      props: { singleLine: true },
      cell: (v) => (
        <div className="sf-tt-row-actions">
          <Button size="mini" basic primary disabled={isRunning(v)} onClick={() => actions.open(v)} data-testid="tt-version-open">
            <Icon name={v.state === 'draft' ? 'edit outline' : 'eye'} /> {v.state === 'draft' ? tt('page.versions.edit') : tt('page.versions.view')}
          </Button>
          {v.state === 'draft' ? (
            <Button size="mini" basic color="green" disabled={busy || isRunning(v) || v.lessons === 0} title={v.lessons === 0 ? tt('errors.publishEmpty') : undefined} onClick={() => actions.publish(v)} data-testid="tt-version-publish">
              <Icon name="check" /> {tt('page.versions.publish')}
            </Button>
          ) : null}
          <Button size="mini" basic disabled={busy || isRunning(v)} onClick={() => actions.copy(v)} data-testid="tt-version-copy">
            <Icon name="copy outline" /> {tt('page.versions.copy')}
          </Button>
          {v.state !== 'published' ? <DeleteButton title={tt('page.versions.delete')} disabled={busy || isRunning(v)} onClick={() => actions.remove(v)} testId="tt-version-delete" /> : null}
        </div>
      ),
    },
  ];
  return (
    <ListCard
      testId="tt-versions"
      icon="list alternate outline"
      title={tt('page.versions.title')}
      list={{ page: { total: versions.length, list: versions }, loading, reload }}
      tools={tools}
      columns={columns}
      rowProps={(v) => ({ 'data-state': isRunning(v) ? 'running' : v.state, 'data-source': v.source, active: editing === v.id })}
      emptyText={tt('page.versions.empty')}
      emptyIcon="calendar outline"
    />
  );
}
