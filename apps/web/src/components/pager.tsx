import { useState } from 'react';
import { Pagination } from 'semantic-ui-react';
import { PAGE_SIZES } from '@schoolflow/contracts';
import { useT } from '../i18n/use-t.js';
import { pageParam, useViewParam } from '../router/use-view-param.js';

interface Props {
  total: number;
  current: number;
  size: number;
  onPage: (page: number) => void;
  onSize: (size: number) => void;
  testId?: string;
}

/** Page number and size of a paged list; a new page size starts again at page 1. */
export function usePaging(initialSize = 10): { current: number; size: number; setCurrent: (page: number) => void; setSize: (size: number) => void } {
  const [current, setCurrent] = useState(1);
  const [size, setSizeState] = useState(initialSize);
  return {
    current,
    size,
    setCurrent,
    setSize: (s: number) => {
      setSizeState(s);
      setCurrent(1);
    },
  };
}

/**
 * The paging of a page's own list (not a dialog's, not a widget's): its page number is the page's view state, kept in
 * the page's address (`?page=`) like its tab and filters; the size stays with the list. A new size starts at page 1.
 */
export function useViewPaging(initialSize = 10): { current: number; size: number; setCurrent: (page: number) => void; setSize: (size: number) => void } {
  const [current, setCurrent] = useViewParam('page', 1, pageParam);
  const [size, setSizeState] = useState(initialSize);
  return {
    current,
    size,
    setCurrent,
    setSize: (s: number) => {
      setSizeState(s);
      setCurrent(1);
    },
  };
}

/** Total, page size (10…1000, docs/product/shell-and-sign-in.md#tables-and-lists) and page buttons under a table. */
export function Pager({ total, current, size, onPage, onSize, testId = 'pager' }: Props) {
  const { t } = useT();
  const pages = Math.max(1, Math.ceil(total / size));
  return (
    <div className="sf-pager" data-testid={testId}>
      <span className="sf-pager-total" data-testid={`${testId}-total`}>
        {t('common.total', { total })}
      </span>
      <select
        className="ui compact dropdown sf-pager-size"
        value={size}
        aria-label={t('common.pageSize', { size })}
        data-testid={`${testId}-size`}
        onChange={(e) => onSize(Number(e.target.value))}
      >
        {PAGE_SIZES.map((s) => (
          <option key={s} value={s}>
            {t('common.pageSize', { size: s })}
          </option>
        ))}
      </select>
      <Pagination
        size="mini"
        activePage={current}
        totalPages={pages}
        siblingRange={1}
        boundaryRange={1}
        firstItem={null}
        lastItem={null}
        onPageChange={(_, data) => onPage(Number(data.activePage) || 1)}
      />
    </div>
  );
}
