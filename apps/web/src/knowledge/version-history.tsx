import { Button, Label, Message, Modal, Segment, Table } from 'semantic-ui-react';
import type { KnowledgeArticle } from '@schoolflow/contracts';
import { errorMessage } from '../api/http.js';
import { confirmAction } from '../components/confirm-dialog.js';
import { EmptyRow } from '../components/empty-state.js';
import { toast } from '../util/toast.js';
import { useDialogTarget } from '../util/use-disclosure.js';
import { Attachments } from './attachments.js';
import { useKnowledgeT } from './use-knowledge-t.js';
import { useRestoreVersion } from './use-restore-version.js';
import { useVersion } from './use-version.js';
import { useVersions } from './use-versions.js';

/**
 * 历史版本: every saved version of an article, newest first (who saved it, when, which one it restored); any one
 * viewed as it was; an editor restores one, which saves it again as the newest version.
 */
export function VersionHistory({ article, onClose }: { article: KnowledgeArticle; onClose: () => void }) {
  const { k } = useKnowledgeT();
  const versions = useVersions(article.id, true);
  const { target: viewing, open: openVersion, close: closeVersion } = useDialogTarget<number>();
  const shown = useVersion(article.id, viewing);
  const restore = useRestoreVersion();
  const restoreOne = async (version: number) => {
    if (!(await confirmAction(k('versions.restoreConfirm', { version })))) return;
    try {
      const res = await restore.mutateAsync({ id: article.id, version });
      toast.success(res.msg);
      closeVersion();
      onClose();
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };
  return (
    <Modal open size="large" onClose={onClose} data-testid="kb-versions">
      <Modal.Header>{k('versions.title', { title: article.title })}</Modal.Header>
      <Modal.Content scrolling>
        {versions.isError ? <Message negative content={errorMessage(versions.error)} /> : null}
        <Table compact celled unstackable>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell collapsing>{k('versions.version')}</Table.HeaderCell>
              <Table.HeaderCell>{k('versions.titleCol')}</Table.HeaderCell>
              <Table.HeaderCell collapsing>{k('versions.savedBy')}</Table.HeaderCell>
              <Table.HeaderCell collapsing>{k('versions.savedAt')}</Table.HeaderCell>
              <Table.HeaderCell collapsing />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {(versions.data ?? []).length === 0 && !versions.isFetching ? <EmptyRow colSpan={5} text={k('versions.empty')} /> : null}
            {(versions.data ?? []).map((v) => (
              <Table.Row key={v.version} active={viewing === v.version} data-testid="kb-version" data-version={v.version}>
                <Table.Cell singleLine>
                  {v.version}
                  {v.current ? (
                    <Label size="mini" color="green" className="sf-kb-version-label">
                      {k('versions.current')}
                    </Label>
                  ) : null}
                </Table.Cell>
                <Table.Cell>
                  {v.title}
                  {v.restoredFrom !== null ? <div className="sf-hint">{k('versions.restoredFrom', { version: v.restoredFrom })}</div> : null}
                </Table.Cell>
                <Table.Cell singleLine>{v.savedBy ?? '—'}</Table.Cell>
                <Table.Cell singleLine>{v.savedAt}</Table.Cell>
                <Table.Cell singleLine>
                  <Button type="button" size="mini" basic content={k('versions.view')} onClick={() => openVersion(v.version)} data-testid={`kb-version-view-${v.version}`} />
                  {article.canEdit && !v.current ? (
                    <Button type="button" size="mini" primary content={k('versions.restore')} loading={restore.isPending} onClick={() => void restoreOne(v.version)} data-testid={`kb-version-restore-${v.version}`} />
                  ) : null}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
        {viewing !== null ? (
          <Segment loading={shown.isFetching} data-testid="kb-version-shown" data-version={viewing}>
            {shown.isError ? <Message negative content={errorMessage(shown.error)} /> : null}
            {shown.data ? (
              <>
                <Label ribbon>{k('versions.viewing', { version: shown.data.version })}</Label>
                <h3 className="sf-kb-article-title">{shown.data.title}</h3>
                {/* sanitised by the server when that version was saved */}
                <div className="sf-kb-body" data-testid="kb-version-body" dangerouslySetInnerHTML={{ __html: shown.data.body }} />
                <Attachments files={shown.data.attachments} />
              </>
            ) : null}
          </Segment>
        ) : null}
      </Modal.Content>
      <Modal.Actions>
        <Button type="button" basic content={k('versions.close')} onClick={onClose} data-testid="kb-versions-close" />
      </Modal.Actions>
    </Modal>
  );
}
