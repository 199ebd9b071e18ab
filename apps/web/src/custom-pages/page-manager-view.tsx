import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Label, Message, Segment, Table } from 'semantic-ui-react';
import type { CustomPageSummary } from '@schoolflow/contracts';
import { errorMessage } from '../api/http.js';
import { confirmAction } from '../components/confirm-store.js';
import { EmptyState } from '../components/empty-state.js';
import { PageLoader } from '../components/page-loader.js';
import type { ViewProps } from '../router/view-props.js';
import { formatDateTime } from '../util/date.js';
import { toast } from '../util/toast.js';
import { useDisclosure } from '../util/use-disclosure.js';
import { PageNameForm } from './page-name-form.js';
import { useCreatePage, useDeletePage, usePublishPage, useRenamePage } from './use-page-changes.js';
import { usePages } from './use-pages.js';
import { usePagesT } from './use-pages-t.js';
import './custom-pages.css';

/**
 * 页面管理 (`/customPages/pageMangger`; docs/product/office.md#custom-pages): every page with its state and the menus
 * that carry it; create, rename, publish, delete; open the designer or the preview.
 */
export default function PageManagerView({ active }: ViewProps) {
  const { pg, lang } = usePagesT();
  const pages = usePages(active);
  const create = useCreatePage();
  const rename = useRenamePage();
  const publish = usePublishPage();
  const remove = useDeletePage();
  const creating = useDisclosure();
  const [renaming, setRenaming] = useState<string | null>(null);

  const run = async (work: () => Promise<{ msg?: string }>, done: string) => {
    try {
      const res = await work();
      toast.success(res.msg || done);
      return true;
    } catch (e) {
      toast.error(errorMessage(e));
      return false;
    }
  };
  const menusOf = (p: CustomPageSummary) =>
    p.menus.length === 0 ? (
      <span className="sf-hint">{pg('manager.noMenu')}</span>
    ) : (
      p.menus.map((m) => (
        <Label key={m.id} size="small" data-testid="cp-page-menu">
          {lang === 'en' && m.nameEn ? m.nameEn : m.name}
          {m.home ? <Label.Detail>{pg('manager.home')}</Label.Detail> : null}
        </Label>
      ))
    );

  return (
    <div className="sf-page sf-cp-manager" data-testid="cp-manager">
      <Segment className="sf-card">
        <h3>{pg('page.manager')}</h3>
        {creating.opened ? (
          <PageNameForm
            initial=""
            testId="cp-create"
            onCancel={creating.close}
            onSave={async (name) => {
              if (await run(() => create.mutateAsync(name), pg('results.created'))) creating.close();
            }}
          />
        ) : (
          <Button primary size="small" icon="plus" content={pg('manager.create')} onClick={creating.open} data-testid="cp-new" />
        )}
        <p className="sf-hint">
          {pg('manager.attachHint')} <code>/customPages/page_view</code>
        </p>
        {pages.isPending ? <PageLoader /> : pages.isError ? <Message negative content={errorMessage(pages.error)} /> : null}
        {pages.data && pages.data.length === 0 ? <EmptyState icon="object group outline" text={pg('manager.empty')} testId="cp-manager-empty" /> : null}
        {pages.data && pages.data.length > 0 ? (
          <Table compact unstackable={false} data-testid="cp-pages">
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>{pg('manager.name')}</Table.HeaderCell>
                <Table.HeaderCell>{pg('manager.copyId')}</Table.HeaderCell>
                <Table.HeaderCell>{pg('manager.cards')}</Table.HeaderCell>
                <Table.HeaderCell>{pg('manager.state')}</Table.HeaderCell>
                <Table.HeaderCell>{pg('manager.menus')}</Table.HeaderCell>
                <Table.HeaderCell>{pg('manager.updatedAt')}</Table.HeaderCell>
                <Table.HeaderCell>{pg('manager.actions')}</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {pages.data.map((p) => (
                <Table.Row key={p.id} data-testid="cp-page-row" data-id={p.id} data-name={p.name}>
                  <Table.Cell>
                    {renaming === p.id ? (
                      <PageNameForm
                        initial={p.name}
                        testId="cp-rename"
                        onCancel={() => setRenaming(null)}
                        onSave={async (name) => {
                          if (await run(() => rename.mutateAsync({ id: p.id, name }), pg('results.renamed'))) setRenaming(null);
                        }}
                      />
                    ) : (
                      p.name
                    )}
                  </Table.Cell>
                  <Table.Cell>
                    <code className="sf-cp-id">{p.id}</code>
                  </Table.Cell>
                  <Table.Cell>{p.cards}</Table.Cell>
                  <Table.Cell>
                    <Label size="small" color={p.published ? 'green' : undefined} data-testid="cp-page-state">
                      {pg(p.published ? 'manager.published' : 'manager.draft')}
                    </Label>
                  </Table.Cell>
                  <Table.Cell>{menusOf(p)}</Table.Cell>
                  <Table.Cell>{formatDateTime(p.updatedAt)}</Table.Cell>
                  <Table.Cell className="sf-cp-actions">
                    <Button as={Link} to={`/customPages/drag_layout/${p.id}`} size="mini" primary content={pg('manager.design')} data-testid="cp-design" />
                    <Button as={Link} to={`/customPages/page_view/${p.id}`} size="mini" content={pg('manager.preview')} data-testid="cp-preview" />
                    <Button size="mini" content={pg('manager.rename')} onClick={() => setRenaming(p.id)} data-testid="cp-rename-open" />
                    <Button
                      size="mini"
                      content={pg(p.published ? 'manager.unpublish' : 'manager.publish')}
                      data-testid="cp-publish"
                      onClick={() => void run(() => publish.mutateAsync({ id: p.id, published: !p.published }), pg(p.published ? 'results.unpublished' : 'results.published'))}
                    />
                    <Button
                      size="mini"
                      negative
                      basic
                      content={pg('manager.delete')}
                      data-testid="cp-delete"
                      onClick={async () => {
                        if (await confirmAction(pg('manager.deleteConfirm', { name: p.name }))) await run(() => remove.mutateAsync(p.id), pg('results.deleted'));
                      }}
                    />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        ) : null}
      </Segment>
    </div>
  );
}
