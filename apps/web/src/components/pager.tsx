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

/** A paged list's page number and size; a new page size starts again at page 1. */
export interface Paging {
  current: number;
  size: number;
  setCurrent: (page: number) => void;
  setSize: (size: number) => void;
}

/** The size beside a page number kept wherever the caller keeps it. */
function usePagingOn([current, setCurrent]: readonly [number, (page: number) => void], initialSize: number): Paging {
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

/** The paging of a dialog's or a widget's list: its page number is the component's own. */
export function usePaging(initialSize = 10): Paging {
  return usePagingOn(useState(1), initialSize);
}

/**
 * The paging of a page's own list (not a dialog's, not a widget's): its page number is the page's view state, kept in
 * the page's address (`?page=`) like its tab and filters (docs/adr/0069); the size stays with the list.
 */
export function useViewPaging(initialSize = 10): Paging {
  return usePagingOn(useViewParam('page', 1, pageParam), initialSize);
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
