import { Segment } from 'semantic-ui-react';
import { CardHead } from '../../../components/list-page.js';
import { Pager, usePaging } from '../../../components/pager.js';
import { useT } from '../../../i18n/use-t.js';
import '../../../components/widgets/widgets.css';

const TOTAL = 1234;

/** 分页 (demo/pagination): the pager under every list — total, page size (10…1000), pages; a new size starts at page 1. */
export default function PaginationDemoView() {
  const { t } = useT();
  const paging = usePaging();
  const first = (paging.current - 1) * paging.size + 1;
  const last = Math.min(TOTAL, paging.current * paging.size);
  return (
    <div className="sf-page sf-widget-demo" data-testid="demo-pagination">
      <Segment className="sf-card">
        <CardHead icon="ellipsis horizontal" title={t('widgets.demo.pages.pagination')} />
        <Pager total={TOTAL} current={paging.current} size={paging.size} onPage={paging.setCurrent} onSize={paging.setSize} testId="demo-pager" />
        <div className="sf-demo-value" data-testid="demo-pager-value">
          {t('widgets.demo.pagerValue', { current: paging.current, size: paging.size, first, last })}
        </div>
      </Segment>
    </div>
  );
}
