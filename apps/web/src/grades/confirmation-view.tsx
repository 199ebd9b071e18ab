import { Link, useSearchParams } from 'react-router-dom';
import { Icon, Message, Segment } from 'semantic-ui-react';
import type { ResourceRecord, SheetSummary } from '@schoolflow/contracts';
import { ApiError, reportError } from '../api/http.js';
import { confirmAction } from '../components/confirm-dialog.js';
import { EmptyState } from '../components/empty-state.js';
import { CardHead, ListTable, RefreshButton, ToolButton, type Column } from '../components/list-page.js';
import { useResourceList } from '../resources/use-resource-list.js';
import { useOptionLabels } from '../resources/use-resource-options.js';
import type { ViewProps } from '../router/view-props.js';
import { toast } from '../util/toast.js';
import { sheetPage } from './grades-client.js';
import { SheetState } from './sheet-state.js';
import { useBatchSheets } from './use-batch-sheets.js';
import { useGradesLive } from './use-grades-live.js';
import { useGradesT } from './use-grades-t.js';
import { useOpenBatch } from './use-open-batch.js';
import { usePublishBatch } from './use-publish-batch.js';
import './grades-entry.css';

/** The batches to choose from: the newest first (the resource's own order), as many as a school keeps in a few years. */
const BATCHES = { current: 1, size: 100, keyword: '', filters: {} } as const;

interface Batch {
  id: string;
  name: string;
  semesterId: string;
  opened: boolean;
  published: boolean;
  enabled: boolean;
}

function asBatch(r: ResourceRecord): Batch {
  return { id: r.id, name: String(r.name ?? ''), semesterId: String(r.semesterId ?? ''), opened: r.opened === true, published: r.published === true, enabled: r.enabled !== false };
}

/** A publish refused (422): the sheets that have not passed, as the server named them (its message is the toast). */
type Refusal = { sheets: { className: string; courseName: string; state: string }[] };

/** The sheets a refused publish names, or null (another error, or none). */
function refusalOf(err: unknown): Refusal | null {
  const data = err instanceof ApiError && err.data && typeof err.data === 'object' ? (err.data as { sheets?: unknown }) : null;
  return Array.isArray(data?.sheets) ? { sheets: data.sheets as Refusal['sheets'] } : null;
}

/**
 * 成绩确认 (grades/confirmation; the school office, grade leaders, administrators): a batch's sheets with their state,
 * teacher and progress, each opening its sheet; entry begins here (开始录入) and the batch is published here once every
 * sheet has passed (发布成绩). Live: a sheet submitted or decided anywhere shows here without a reload.
 */
export default function ConfirmationView({ active }: ViewProps) {
  const { t, g, lang } = useGradesT();
  const [params, setParams] = useSearchParams();
  const batches = useResourceList('batches', BATCHES, active);
  const list = (batches.data?.list ?? []).map(asBatch);
  const semesters = useOptionLabels(new Map([['semesters', [...new Set(list.map((b) => b.semesterId).filter(Boolean))]]]));
  const wanted = params.get('batchId') ?? '';
  // the batch asked for, else the first still to publish, else the newest
  const batch = list.find((b) => b.id === wanted) ?? (wanted ? undefined : (list.find((b) => b.opened && !b.published) ?? list[0]));
  const batchId = batch?.id ?? '';
  const sheets = useBatchSheets(batchId, active);
  const open = useOpenBatch();
  const publish = usePublishBatch();
  // the last publish's refusal, until another batch is chosen, it is dismissed or a publish is tried again
  const refusal = refusalOf(publish.error);
  useGradesLive();

  const choose = (id: string) => {
    publish.reset();
    setParams(id ? { batchId: id } : {}, { replace: true });
  };

  const startEntry = async () => {
    if (!batch || !(await confirmAction(g('confirmation.openConfirm')))) return;
    try {
      toast.success(await open.mutateAsync(batch.id));
    } catch (err) {
      reportError(err);
    }
  };

  const publishBatch = async () => {
    if (!batch || !(await confirmAction(g('confirmation.publishConfirm')))) return;
    try {
      toast.success(await publish.mutateAsync(batch.id));
    } catch (err) {
      reportError(err);
    }
  };

  const rows = sheets.data ?? [];
  const passed = rows.filter((s) => s.state === 'passed').length;
  const status = !batch ? null : batch.published ? 'published' : batch.opened ? 'opened' : 'notOpened';

  const columns: Column<SheetSummary>[] = [
    { title: g('entry.className'), cell: (s) => <span className="sf-strong">{s.className}</span> },
    { title: g('entry.course'), cell: (s) => s.courseName },
    { title: g('confirmation.teacher'), cell: (s) => s.teacherName },
    { title: g('entry.state'), narrow: true, props: { singleLine: true }, cell: (s) => <SheetState state={s.state} lang={lang} testId="confirmation-sheet-state" /> },
    {
      title: g('entry.progress'),
      narrow: true,
      props: { singleLine: true },
      cell: (s) => <span className={s.entered >= s.total ? 'sf-sheet-progress done' : 'sf-sheet-progress'}>{g('entry.progressValue', { entered: s.entered, total: s.total })}</span>,
    },
    {
      title: g('entry.actions'),
      narrow: true,
      props: { singleLine: true },
      cell: (s) => (
        <Link className="ui mini basic primary button" to={sheetPage(s)} data-testid="confirmation-sheet-open">
          <Icon name="eye" /> {g('entry.view')}
        </Link>
      ),
    },
  ];

  return (
    <div className="sf-page sf-grades-confirmation" data-testid="grades-confirmation" data-batch={batchId}>
      <Segment className="sf-card">
        <CardHead icon="check square outline" title={g('confirmation.title')} sub={<span className="sf-card-sub">{g('confirmation.hint')}</span>} />
        {list.length === 0 && !batches.isFetching ? (
          <EmptyState icon="clipboard list" text={g('confirmation.noBatches')} testId="confirmation-no-batches" />
        ) : (
          <div className="sf-confirmation-bar">
            <label htmlFor="confirmation-batch">{g('confirmation.batch')}</label>
            <select id="confirmation-batch" className="ui dropdown" value={batchId} data-testid="confirmation-batch" onChange={(e) => choose(e.target.value)}>
              {batch ? null : <option value="">{g('confirmation.choose')}</option>}
              {list.map((b) => (
                <option key={b.id} value={b.id}>
                  {g('confirmation.batchValue', { name: b.name, semester: semesters.labelOf('semesters', b.semesterId) ?? '' })}
                </option>
              ))}
            </select>
            {status ? (
              <span className={`sf-batch-status sf-batch-${status}`} data-testid="confirmation-status" data-status={status}>
                {g(`confirmation.${status}`)}
              </span>
            ) : null}
            {batch?.opened ? (
              <span className="sf-sub" data-testid="confirmation-passed">
                {g('confirmation.passedCount', { passed, total: rows.length })}
              </span>
            ) : null}
          </div>
        )}
      </Segment>

      {batch ? (
        <Segment className="sf-card" loading={sheets.isFetching && !sheets.data}>
          <CardHead
            icon="clipboard list"
            title={batch.name}
            tools={
              <>
                <ToolButton icon="play" text={g('confirmation.open')} primary disabled={batch.opened || !batch.enabled || open.isPending} loading={open.isPending} onClick={() => void startEntry()} testId="confirmation-open" />
                <ToolButton
                  icon="bullhorn"
                  text={g('confirmation.publish')}
                  primary
                  disabled={!batch.opened || batch.published || publish.isPending}
                  loading={publish.isPending}
                  onClick={() => void publishBatch()}
                  testId="confirmation-publish"
                />
                <RefreshButton onClick={() => void Promise.all([sheets.refetch(), batches.refetch()])} testId="confirmation-refresh" title={t('common.refresh')} />
              </>
            }
          />
          {refusal ? (
            <Message negative size="small" data-testid="confirmation-publish-refused" onDismiss={() => publish.reset()}>
              <Message.Header>{g('confirmation.unpassed')}</Message.Header>
              <Message.List>
                {refusal.sheets.map((s) => (
                  <Message.Item key={`${s.className}-${s.courseName}`}>
                    {s.className} {s.courseName} · <SheetState state={s.state} lang={lang} />
                  </Message.Item>
                ))}
              </Message.List>
            </Message>
          ) : null}
          <ListTable
            testId="confirmation-sheets"
            columns={columns}
            rows={rows}
            rowKey={(s) => s.instanceId}
            rowProps={(s) => ({ 'data-testid': 'confirmation-sheet', 'data-class': s.classId, 'data-course': s.courseId, 'data-state': s.state })}
            empty={{ text: g('confirmation.empty'), testId: 'confirmation-sheets-empty' }}
          />
        </Segment>
      ) : list.length > 0 ? (
        <Segment className="sf-card">
          <EmptyState icon="hand point up outline" text={g('confirmation.chooseHint')} />
        </Segment>
      ) : null}
    </div>
  );
}
