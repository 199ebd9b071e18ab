import { useMemo } from 'react';
import { Label } from 'semantic-ui-react';
import { ListTable, TableCard, type Column } from '../../../components/list-page.js';
import { usePaging } from '../../../components/pager.js';
import { useT } from '../../../i18n/use-t.js';
import '../../../components/widgets/widgets.css';

interface SampleRow {
  no: string;
  name: string;
  className: string;
  score: number;
}

/** Sample rows made from the locale's sample names: the demo shows the table, not the school's data. */
function sampleRows(names: string[], classes: string[]): SampleRow[] {
  return Array.from({ length: 57 }, (_, i) => ({
    no: `2026${String(i + 1).padStart(4, '0')}`,
    name: `${names[i % names.length] ?? ''}${Math.floor(i / names.length) + 1}`,
    className: classes[i % classes.length] ?? '',
    score: 60 + ((i * 37) % 41),
  }));
}

/** 表格 (demo/tableWrap): the card that holds a list — head, striped table with its empty row, the pager. */
export default function TableWrapDemoView() {
  const { t } = useT();
  const paging = usePaging();
  const rows = useMemo(() => sampleRows(t('widgets.demo.sampleNames').split(','), t('widgets.demo.sampleClasses').split(',')), [t]);
  const page = rows.slice((paging.current - 1) * paging.size, paging.current * paging.size);
  const columns: Column<SampleRow>[] = [
    { title: t('widgets.demo.colNo'), narrow: true, cell: (r) => r.no },
    { title: t('widgets.demo.colName'), cell: (r) => r.name },
    { title: t('widgets.demo.colClass'), cell: (r) => r.className },
    { title: t('widgets.demo.colScore'), narrow: true, cell: (r) => <Label size="mini" color={r.score >= 90 ? 'green' : r.score < 70 ? 'orange' : undefined}>{r.score}</Label> },
  ];
  return (
    <div className="sf-page sf-widget-demo" data-testid="demo-table-wrap">
      <TableCard icon="table" title={t('widgets.demo.pages.tableWrap')} loading={false} pager={{ testId: 'demo-table-pager', total: rows.length, paging }}>
        <ListTable testId="demo-table" columns={columns} rows={page} rowKey={(r) => r.no} empty={{ text: t('common.empty'), testId: 'demo-table-empty' }} />
      </TableCard>
      <TableCard icon="table" title={t('widgets.demo.tableEmpty')} loading={false}>
        <ListTable testId="demo-table-none" columns={columns} rows={[]} rowKey={(r) => r.no} empty={{ text: t('common.empty'), testId: 'demo-table-none-empty' }} />
      </TableCard>
    </div>
  );
}
