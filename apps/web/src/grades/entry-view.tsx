import { Link } from 'react-router-dom';
import { Icon, Segment } from 'semantic-ui-react';
import type { SheetSummary } from '@schoolflow/contracts';
import { EmptyState } from '../components/empty-state.js';
import { CardHead, ListTable, RefreshButton, type Column } from '../components/list-page.js';
import type { ViewProps } from '../router/view-props.js';
import { sheetPage } from './grades-client.js';
import { SheetState } from './sheet-state.js';
import { useGradesLive } from './use-grades-live.js';
import { useGradesT } from './use-grades-t.js';
import { useMySheets } from './use-my-sheets.js';
import './grades-entry.css';

/** The sheets by batch, in the order the server gives them (newest batch first). */
function byBatch(list: readonly SheetSummary[]): { batchId: string; batchName: string; sheets: SheetSummary[] }[] {
  const groups = new Map<string, { batchId: string; batchName: string; sheets: SheetSummary[] }>();
  for (const s of list) {
    const g = groups.get(s.batchId) ?? { batchId: s.batchId, batchName: s.batchName, sheets: [] };
    g.sheets.push(s);
    groups.set(s.batchId, g);
  }
  return [...groups.values()];
}

const editable = (state: string) => state.startsWith('entering');

/**
 * 成绩录入 (grades/entry): the sheets assigned to me, grouped by batch, each with its state, how many rows are
 * entered, and the way to its sheet. Live: a sheet returned or passed by a reviewer shows it without a reload.
 */
export default function EntryView({ active }: ViewProps) {
  const { t, g, lang } = useGradesT();
  const sheets = useMySheets(active);
  useGradesLive();
  const groups = byBatch(sheets.data ?? []);

  const columns: Column<SheetSummary>[] = [
    { title: g('entry.className'), cell: (s) => <span className="sf-strong">{s.className}</span> },
    { title: g('entry.course'), cell: (s) => s.courseName },
    { title: g('entry.state'), narrow: true, props: { singleLine: true }, cell: (s) => <SheetState state={s.state} lang={lang} testId="entry-sheet-state" /> },
    {
      title: g('entry.progress'),
      narrow: true,
      props: { singleLine: true },
      cell: (s) => (
        <span className={s.entered >= s.total ? 'sf-sheet-progress done' : 'sf-sheet-progress'} data-testid="entry-sheet-progress">
          {g('entry.progressValue', { entered: s.entered, total: s.total })}
        </span>
      ),
    },
    {
      title: g('entry.actions'),
      narrow: true,
      props: { singleLine: true },
      cell: (s) => (
        <Link className={editable(s.state) ? 'ui mini primary button' : 'ui mini basic button'} to={sheetPage(s)} data-testid="entry-sheet-open">
          <Icon name={editable(s.state) ? 'edit outline' : 'eye'} /> {editable(s.state) ? g('entry.enter') : g('entry.view')}
        </Link>
      ),
    },
  ];

  return (
    <div className="sf-page sf-grades-entry" data-testid="grades-entry">
      <Segment className="sf-card" loading={sheets.isFetching && !sheets.data}>
        <CardHead
          icon="edit outline"
          title={g('entry.title')}
          sub={<span className="sf-card-sub">{g('entry.hint')}</span>}
          tools={<RefreshButton onClick={() => void sheets.refetch()} testId="grades-entry-refresh" title={t('common.refresh')} />}
        />
        {groups.length === 0 && !sheets.isFetching ? <EmptyState icon="check circle outline" text={g('entry.empty')} testId="grades-entry-empty" /> : null}
      </Segment>
      {groups.map((group) => (
        <Segment key={group.batchId} className="sf-card" data-testid="entry-batch" data-batch={group.batchId}>
          <CardHead icon="clipboard list" title={group.batchName} />
          <ListTable
            testId="entry-sheets"
            columns={columns}
            rows={group.sheets}
            rowKey={(s) => s.instanceId}
            rowProps={(s) => ({ 'data-testid': 'entry-sheet', 'data-class': s.classId, 'data-course': s.courseId, 'data-state': s.state })}
            empty={{ text: g('entry.empty'), testId: 'entry-sheets-empty' }}
          />
        </Segment>
      ))}
    </div>
  );
}
