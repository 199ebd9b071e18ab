import { Button, Message, Segment } from 'semantic-ui-react';
import type { KnowledgeArticle } from '@schoolflow/contracts';
import { errorMessage } from '../api/http.js';
import { confirmAction } from '../components/confirm-dialog.js';
import { PageLoader } from '../components/page-loader.js';
import { toast } from '../util/toast.js';
import { useDisclosure } from '../util/use-disclosure.js';
import { Attachments } from './attachments.js';
import { categoryName } from './category-names.js';
import { useArticle } from './use-article.js';
import { useDeleteArticle } from './use-delete-article.js';
import { useKnowledgeT } from './use-knowledge-t.js';
import { VersionHistory } from './version-history.js';

/**
 * One article as its readers see it: the title, where it sits and which version, the body (HTML the server
 * sanitised), the attachments to download; its versions for everyone who reads it; edit and delete for its editors.
 */
export function ArticleReader({ id, active, onBack, onEdit, onDeleted }: { id: string; active: boolean; onBack: () => void; onEdit: (a: KnowledgeArticle) => void; onDeleted: () => void }) {
  const { k, lang } = useKnowledgeT();
  const article = useArticle(id, active);
  const remove = useDeleteArticle();
  const history = useDisclosure();
  if (article.isError) {
    return (
      <Segment className="sf-card" data-testid="kb-article-missing">
        <Message negative content={errorMessage(article.error)} />
        <Button type="button" basic icon="arrow left" content={k('article.back')} onClick={onBack} />
      </Segment>
    );
  }
  const a = article.data;
  if (!a) return <PageLoader />;
  const destroy = async () => {
    if (!(await confirmAction(k('article.deleteConfirm', { title: a.title })))) return;
    try {
      const res = await remove.mutateAsync(a.id);
      toast.success(res.msg);
      onDeleted();
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };
  return (
    <Segment className="sf-card sf-kb-article" data-testid="kb-article" data-id={a.id} data-version={a.version}>
      <div className="sf-kb-article-tools">
        <Button type="button" basic size="small" icon="arrow left" content={k('article.back')} onClick={onBack} data-testid="kb-article-back" />
        <span className="sf-kb-spacer" />
        <Button type="button" basic size="small" icon="history" content={k('article.history')} onClick={history.open} data-testid="kb-article-history" />
        {a.canEdit ? (
          <>
            <Button type="button" primary size="small" icon="edit" content={k('article.edit')} onClick={() => onEdit(a)} data-testid="kb-article-edit" />
            <Button type="button" basic color="red" size="small" icon="trash alternate outline" content={k('article.delete')} loading={remove.isPending} onClick={() => void destroy()} data-testid="kb-article-delete" />
          </>
        ) : null}
      </div>
      <h2 className="sf-kb-article-title" data-testid="kb-article-title">
        {a.title}
      </h2>
      <div className="sf-kb-article-meta" data-testid="kb-article-meta">
        {k('article.meta', { category: categoryName({ name: a.categoryName, nameEn: a.categoryNameEn }, lang), version: a.version, by: a.updatedBy ?? '—', at: a.updatedAt })}
      </div>
      {/* HTML the server sanitised when the article was saved (publishing's sanitiser: no script, style, handler or javascript: link) */}
      <div className="sf-kb-body" data-testid="kb-article-body" dangerouslySetInnerHTML={{ __html: a.body }} />
      <Attachments files={a.attachments} />
      <div className="sf-hint">{k('article.created', { by: a.createdBy ?? '—', at: a.createdAt })}</div>
      {history.opened ? <VersionHistory article={a} onClose={history.close} /> : null}
    </Segment>
  );
}
