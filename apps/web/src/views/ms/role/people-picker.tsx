import { useState } from 'react';
import { Icon, Label, Pagination, Table } from 'semantic-ui-react';
import { PICKER_PAGE_SIZE, type PickerPerson } from '@schoolflow/contracts';
import { useFilters } from '../../../components/list-page.js';
import { useT } from '../../../i18n/use-t.js';
import { type PickedPerson, usePickerPeople } from './use-role-admin.js';

export type { PickedPerson } from './use-role-admin.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** People picker (docs/product/shell-and-sign-in.md#people-picker): search on Enter, 5 per page, multi-select shown as tags. */
export function PeoplePicker({ value, onChange }: { value: PickedPerson[]; onChange: (v: PickedPerson[]) => void }) {
  const { t } = useT();
  const [page, setPage] = useState(0);
  const search = useFilters({ text: '' }, () => setPage(0));
  const { result, loading } = usePickerPeople(search.applied.text.trim(), page);

  const selected = new Set(value.map((p) => p.account));
  const toggle = (p: PickerPerson) => {
    if (selected.has(p.USERID)) onChange(value.filter((x) => x.account !== p.USERID));
    else onChange([...value, { account: p.USERID, name: p.USERNAME, id: UUID.test(p.USERID) ? p.USERID : undefined }]);
  };
  const pages = Math.max(1, Math.ceil(result.total / PICKER_PAGE_SIZE));

  return (
    <div className="sf-picker" data-testid="people-picker">
      <div className="sf-picker-tags" data-testid="people-picker-selected" data-count={value.length}>
        <span className="sf-hint">{t('roles.selected', { count: value.length })}</span>
        {value.map((p) => (
          <Label key={p.account} size="small" title={p.account} data-testid="people-picker-tag" data-account={p.account}>
            {p.name}
            <Icon name="delete" onClick={() => onChange(value.filter((x) => x.account !== p.account))} data-testid="people-picker-tag-remove" />
          </Label>
        ))}
      </div>
      <div className="ui fluid left icon input">
        <i className="search icon" aria-hidden />
        <input
          value={search.filters.text}
          placeholder={t('roles.searchUsers')}
          maxLength={100}
          data-testid="people-picker-search"
          onChange={(e) => search.set('text', e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              search.search();
            }
          }}
        />
      </div>
      <Table compact selectable unstackable size="small" className={loading ? 'sf-loading' : ''} data-testid="people-picker-results">
        <Table.Body>
          {result.list.length === 0 ? (
            <Table.Row>
              <Table.Cell className="sf-hint">{t('common.empty')}</Table.Cell>
            </Table.Row>
          ) : (
            result.list.map((p) => (
              <Table.Row key={p.USERID} active={selected.has(p.USERID)} onClick={() => toggle(p)} className="sf-clickable" data-testid="people-picker-row" data-account={p.USERID} data-selected={selected.has(p.USERID) ? '1' : '0'}>
                <Table.Cell collapsing>
                  <Icon name={selected.has(p.USERID) ? 'check square' : 'square outline'} color={selected.has(p.USERID) ? 'green' : undefined} />
                </Table.Cell>
                <Table.Cell>{p.USERNAME}</Table.Cell>
                <Table.Cell collapsing className="sf-hint">
                  {p.USERID}
                </Table.Cell>
              </Table.Row>
            ))
          )}
        </Table.Body>
      </Table>
      {pages > 1 ? <Pagination size="mini" activePage={page + 1} totalPages={pages} siblingRange={1} boundaryRange={0} firstItem={null} lastItem={null} ellipsisItem={null} onPageChange={(_, d) => setPage((Number(d.activePage) || 1) - 1)} data-testid="people-picker-pager" /> : null}
    </div>
  );
}
