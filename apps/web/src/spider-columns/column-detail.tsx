import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Label, Menu, Message, Segment, Table } from 'semantic-ui-react';
import { formatSchoolTime, SPIDER_ITEM_STATES, SPIDER_JOB, type SpiderColumnDetail, type SpiderItemState, type SpiderPostKind, type SpiderRunProgress } from '@schoolflow/contracts';
import { errorMessage } from '../api/http.js';
import { confirmAction } from '../components/confirm-dialog.js';
import { useJobProgress } from '../jobs/use-job-progress.js';
import { postLink } from '../publishing/post-links.js';
import { oneOfParam, useViewParam } from '../router/use-view-param.js';
import { toast } from '../util/toast.js';
import { spiderKeys } from './spider-client.js';
import { useColumn } from './use-column.js';
import { useDecideItem } from './use-decide-item.js';
import { useDeleteColumn } from './use-delete-column.js';
import { useItems } from './use-items.js';
import { useRunColumn } from './use-run-column.js';
import { useSpiderT } from './use-spider-t.js';

/** The items shown by state (`?state=published`), or all of them. */
const ITEM_TABS = [...SPIDER_ITEM_STATES, 'all'] as const;
const stateParam = oneOfParam<SpiderItemState | 'all'>(ITEM_TABS);

const at = (iso: string | null): string => (iso ? formatSchoolTime(Date.parse(iso), Intl.DateTimeFormat().resolvedOptions().timeZone) : '');

/** "Collect now" and the run's progress, pushed (`job.progress`) or polled; the column read again when it ends. */
function RunButton({ id }: { id: string }) {
  const { c } = useSpiderT();
  const run = useRunColumn();
  const [jobId, setJobId] = useState<string | null>(null);
  const progress = useJobProgress(jobId, { kind: SPIDER_JOB, invalidateOnEnd: spiderKeys.all });
  const result = progress?.result as SpiderRunProgress | undefined;
  const start = async () => {
    try {
      setJobId((await run.mutateAsync(id)).jobId);
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };
  const running = jobId !== null && (progress === null || progress.state === 'queued' || progress.state === 'running');
  return (
    <>
      <Button primary icon="sync" content={c('detail.run')} loading={running} disabled={running} onClick={() => void start()} data-testid="spider-run" />
      {running && progress ? <span data-testid="spider-run-progress">{c('detail.running', { done: progress.done, total: progress.total })}</span> : null}
      {progress?.state === 'completed' && result ? (
        <Label color="green" data-testid="spider-run-done">
          {c('detail.runDone', { found: result.found, added: result.added })}
        </Label>
      ) : null}
      {progress?.state === 'failed' ? (
        <Label color="red" data-testid="spider-run-failed">
          {c('detail.runFailed')}
        </Label>
      ) : null}
    </>
  );
}

function Runs({ column }: { column: SpiderColumnDetail }) {
  const { c } = useSpiderT();
  return (
    <Table compact celled size="small" data-testid="spider-runs">
      <Table.Header>
        <Table.Row>
          {(['runAt', 'runTrigger', 'runState', 'runFound', 'runAdded', 'runPublished', 'runProblems'] as const).map((k) => (
            <Table.HeaderCell key={k}>{c(`detail.${k}`)}</Table.HeaderCell>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {column.runs.map((r) => (
          <Table.Row key={r.id} data-testid="spider-run-row" negative={r.state === 'failed'}>
            <Table.Cell>{at(r.startedAt)}</Table.Cell>
            <Table.Cell>{c(`triggers.${r.trigger}`)}</Table.Cell>
            <Table.Cell>{c(`runStates.${r.state}`)}</Table.Cell>
            <Table.Cell>{r.found}</Table.Cell>
            <Table.Cell>{r.added}</Table.Cell>
            <Table.Cell>{r.published}</Table.Cell>
            <Table.Cell>
              {r.failure ? <div>{r.failure}</div> : null}
              {r.problems.map((p, n) => (
                <div key={n}>{p.message}</div>
              ))}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table>
  );
}

function Items({ id, kind }: { id: string; kind: SpiderPostKind }) {
  const { c } = useSpiderT();
  const [state, setState] = useViewParam('state', 'pending', stateParam);
  const items = useItems(id, state);
  const decide = useDecideItem();
  const act = async (itemId: string, decision: 'publish' | 'ignore') => {
    try {
      const res = await decide.mutateAsync({ id: itemId, decision });
      toast.success(res.msg || c(decision === 'publish' ? 'detail.published' : 'detail.ignored'));
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };
  return (
    <>
      <Menu secondary pointing size="small">
        {ITEM_TABS.map((s) => (
          <Menu.Item key={s} active={state === s} onClick={() => setState(s)} data-testid={`spider-items-${s}`}>
            {c(`itemStates.${s}`)}
          </Menu.Item>
        ))}
      </Menu>
      <Table compact celled size="small" data-testid="spider-items">
        <Table.Header>
          <Table.Row>
            <Table.HeaderCell>{c('detail.itemTitle')}</Table.HeaderCell>
            <Table.HeaderCell>{c('detail.itemDate')}</Table.HeaderCell>
            <Table.HeaderCell>{c('detail.itemState')}</Table.HeaderCell>
            <Table.HeaderCell>{c('detail.itemCollected')}</Table.HeaderCell>
            <Table.HeaderCell />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {(items.data?.list ?? []).map((i) => (
            <Table.Row key={i.id} data-testid="spider-item">
              <Table.Cell>
                <a href={i.url} target="_blank" rel="noopener noreferrer nofollow">
                  {i.title}
                </a>
              </Table.Cell>
              <Table.Cell>{i.date ?? ''}</Table.Cell>
              <Table.Cell>{c(`itemStates.${i.state}`)}</Table.Cell>
              <Table.Cell>{at(i.collectedAt)}</Table.Cell>
              <Table.Cell collapsing>
                {i.state === 'pending' ? (
                  <>
                    <Button size="mini" positive content={c('detail.publish')} disabled={decide.isPending} onClick={() => void act(i.id, 'publish')} data-testid="spider-item-publish" />
                    <Button size="mini" basic content={c('detail.ignore')} disabled={decide.isPending} onClick={() => void act(i.id, 'ignore')} data-testid="spider-item-ignore" />
                  </>
                ) : null}
                {i.postId ? (
                  <Link to={postLink.detail(kind, i.postId)} data-testid="spider-item-post">
                    {c('detail.viewPost')}
                  </Link>
                ) : null}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
      {items.data && items.data.list.length === 0 ? <Message data-testid="spider-items-empty">{c('detail.noItems')}</Message> : null}
    </>
  );
}

/** One column: collect now with its progress, its runs' outcomes, its items to publish or ignore. */
export function ColumnDetail({ id, onBack, onEdit }: { id: string; onBack: () => void; onEdit: (column: SpiderColumnDetail) => void }) {
  const { c } = useSpiderT();
  const column = useColumn(id);
  const remove = useDeleteColumn();
  const data = column.data;
  if (!data) return null;
  const del = () =>
    void confirmAction(c('detail.deleteConfirm', { name: data.name })).then(async (yes) => {
      if (!yes) return;
      try {
        await remove.mutateAsync(id);
        onBack();
      } catch (e) {
        toast.error(errorMessage(e));
      }
    });
  return (
    <Segment data-testid="spider-detail">
      <Button basic icon="arrow left" content={c('detail.back')} onClick={onBack} data-testid="spider-back" />
      <Button basic icon="edit" content={c('detail.edit')} onClick={() => onEdit(data)} data-testid="spider-edit" />
      <Button basic negative icon="trash" content={c('detail.delete')} onClick={del} data-testid="spider-delete" />
      <h3 data-testid="spider-detail-name">{data.name}</h3>
      <p>
        <a href={data.sourceUrl} target="_blank" rel="noopener noreferrer nofollow">
          {data.sourceUrl}
        </a>
        {data.nextRunAt ? <span> · {c('detail.nextRun', { at: at(data.nextRunAt) })}</span> : null}
      </p>
      <RunButton id={id} />
      <h4>{c('detail.items')}</h4>
      <Items id={id} kind={data.kind} />
      <h4>{c('detail.runs')}</h4>
      <Runs column={data} />
    </Segment>
  );
}
