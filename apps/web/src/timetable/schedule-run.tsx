import { useMemo } from 'react';
import { Button, Icon, Label, Loader, Message, Progress, Segment } from 'semantic-ui-react';
import 'semantic-ui-css/components/progress.min.css';
import { SOFT_RULES, type ScheduleJobResult, type TimetableVersion } from '@schoolflow/contracts';
import { CardHead, ListTable } from '../components/list-page.js';
import { useResourceOptions } from '../resources/use-resource-options.js';
import { schedulePercent, type ScheduleProgressView } from './schedule-model.js';
import { useScheduleProgress } from './use-schedule-progress.js';
import { useTimetable } from './use-timetable.js';
import { useTimetableT } from './use-timetable-t.js';
import { LessonGrid } from './week-grid.js';
import { gridColumns, groupLessons, schoolToday } from './week-grid-model.js';
import './timetable.css';

export interface ScheduleRunRef {
  jobId: string;
  timetableId: string;
}

/**
 * A run of the automatic scheduler on the page: its live bar (placed of all, the phase, the score so far), then its
 * preview — the score and its four parts, what it left out and why, the new draft's grids — to publish it or open it
 * in the editor.
 */
export function ScheduleRun({
  run,
  version,
  onOpen,
  onPublish,
  onClose,
  publishing,
}: {
  run: ScheduleRunRef;
  /** The run's draft as the versions list has it (its state after a publish). */
  version: TimetableVersion | undefined;
  onOpen: (timetableId: string) => void;
  onPublish: (v: TimetableVersion) => void;
  onClose: () => void;
  publishing: boolean;
}) {
  const { tt } = useTimetableT();
  const progress = useScheduleProgress(run.jobId);
  const result = progress?.result ?? null;
  return (
    <Segment className="sf-card sf-tt-run" data-testid="tt-run" data-job={run.jobId} data-timetable={run.timetableId} data-state={progress?.state ?? 'queued'}>
      <CardHead
        icon="magic"
        title={tt('page.run.title')}
        sub={version ? <span className="sf-card-sub">{version.name}</span> : null}
        tools={
          progress?.state === 'completed' || progress?.state === 'failed' ? (
            <Button basic size="small" icon="close" title={tt('page.common.close')} aria-label={tt('page.common.close')} onClick={onClose} data-testid="tt-run-close" />
          ) : null
        }
      />
      {!progress ? (
        <Loader active inline size="small">
          {tt('page.run.starting')}
        </Loader>
      ) : (
        <RunBar progress={progress} />
      )}
      {progress?.state === 'failed' ? <Message negative data-testid="tt-run-failed" content={tt('page.run.failed', { message: progress.failure || tt('errors.scheduleFailed') })} /> : null}
      {result ? <Preview result={result} version={version} onOpen={onOpen} onPublish={onPublish} publishing={publishing} /> : null}
    </Segment>
  );
}

/** The live bar: lessons placed of all, which phase, the score so far. */
function RunBar({ progress }: { progress: ScheduleProgressView }) {
  const { tt } = useTimetableT();
  const completed = progress.state === 'completed';
  const failed = progress.state === 'failed';
  const parts = [
    tt('page.run.placed', { done: progress.done, total: progress.total }),
    progress.phase ? tt(`page.run.phase.${progress.phase}`) : null,
    progress.score !== null ? tt(completed ? 'page.run.finalScore' : 'page.run.score', { score: progress.score }) : null,
    completed && progress.result ? tt('page.run.took', { seconds: (progress.result.ms / 1000).toFixed(1) }) : null,
  ].filter(Boolean);
  return (
    <div className="sf-tt-runbar" data-testid="tt-run-progress" data-state={progress.state} data-done={progress.done} data-total={progress.total} data-phase={progress.phase ?? ''} data-score={progress.score ?? ''}>
      <div className="sf-tt-runbar-head">{completed ? tt('page.run.completed') : failed ? tt('page.run.stopped') : progress.state === 'queued' ? tt('page.run.queued') : tt('page.run.running')}</div>
      <Progress percent={schedulePercent(progress)} color={completed ? 'green' : failed ? 'red' : 'blue'} active={!completed && !failed} size="small" data-testid="tt-run-bar">
        <span data-testid="tt-run-label">{parts.join(' · ')}</span>
      </Progress>
    </div>
  );
}

/** The scheduler's outcome: the score (lower is better), what it left out, the new draft's grids. */
function Preview({ result, version, onOpen, onPublish, publishing }: { result: ScheduleJobResult; version: TimetableVersion | undefined; onOpen: (id: string) => void; onPublish: (v: TimetableVersion) => void; publishing: boolean }) {
  const { tt } = useTimetableT();
  const answer = useTimetable({ timetableId: result.timetableId });
  const data = answer.data;
  const classes = useResourceOptions('classes');
  const order = useMemo(() => (classes.data ?? []).map((o) => o.value), [classes.data]);
  const grids = data ? groupLessons(data.lessons, 'class', order) : [];
  const columns = data ? gridColumns(data, schoolToday()) : [];
  const unplaced = result.unplaced.reduce((n, u) => n + u.count, 0);
  return (
    <div className="sf-tt-preview" data-testid="tt-preview" data-score={result.score.total} data-unplaced={unplaced} data-placed={result.placed}>
      <div className="sf-tt-preview-head">
        <div className="sf-tt-scores" data-testid="tt-preview-score">
          <div className="sf-tt-score sf-tt-score-total" data-testid="tt-score-total" data-value={result.score.total}>
            <span className="sf-tt-score-value">{result.score.total}</span>
            <span className="sf-tt-score-name">{tt('soft.total')}</span>
          </div>
          {SOFT_RULES.map((r) => (
            <div key={r} className="sf-tt-score" data-testid={`tt-score-${r}`} data-value={result.score[r]}>
              <span className="sf-tt-score-value">{result.score[r]}</span>
              <span className="sf-tt-score-name">{tt(`soft.${r}`)}</span>
            </div>
          ))}
        </div>
        <div className="sf-tt-preview-actions">
          {version?.state === 'draft' ? (
            <Button primary size="small" loading={publishing} disabled={publishing} onClick={() => onPublish(version)} data-testid="tt-preview-publish">
              <Icon name="check" /> {tt('page.run.publish')}
            </Button>
          ) : version ? (
            <Label color={version.state === 'published' ? 'green' : 'grey'} data-testid="tt-preview-state" data-state={version.state}>
              {tt(`page.versions.state.${version.state}`)}
            </Label>
          ) : null}
          {version ? (
            <Button basic primary size="small" onClick={() => onOpen(result.timetableId)} data-testid="tt-preview-open">
              <Icon name="edit outline" /> {tt('page.run.open')}
            </Button>
          ) : null}
        </div>
      </div>
      <p className="sf-hint">{tt('page.run.scoreHint', { placed: result.placed, total: result.total })}</p>

      <h4 className="sf-tt-subhead">{tt('page.run.unplaced')}</h4>
      {result.unplaced.length === 0 ? (
        <p className="sf-tt-all-placed" data-testid="tt-unplaced-none">
          <Icon name="check circle" color="green" /> {tt('page.run.unplacedNone')}
        </p>
      ) : (
        <ListTable
          testId="tt-unplaced"
          columns={[
            { title: tt('page.run.col.section'), cell: (u) => u.section },
            { title: tt('page.run.col.course'), cell: (u) => u.course },
            { title: tt('page.run.col.teacher'), cell: (u) => u.teacher },
            { title: tt('page.run.col.count'), narrow: true, cell: (u) => u.count },
            { title: tt('page.run.col.reason'), cell: (u) => tt(`unplaced.${u.reason}`) },
          ]}
          rows={result.unplaced}
          rowKey={(u) => `${u.section}/${u.course}`}
          rowProps={() => ({ 'data-testid': 'tt-unplaced-row' })}
          empty={{ text: tt('page.run.unplacedNone'), testId: 'tt-unplaced-empty' }}
        />
      )}

      <h4 className="sf-tt-subhead">{tt('page.run.grids')}</h4>
      {answer.isFetching && !data ? <Loader active inline="centered" size="small" /> : null}
      <div className="sf-tt-grid-list" data-testid="tt-preview-grids" data-count={grids.length}>
        {data
          ? grids.map((g) => <LessonGrid key={g.id} periods={data.periods} columns={columns} lessons={g.lessons} by="class" compact caption={g.name} groupId={g.id} testId="tt-preview-grid" />)
          : null}
      </div>
    </div>
  );
}
