import { Controller, useForm } from 'react-hook-form';
import { Button, Form, Icon, Segment } from 'semantic-ui-react';
import {
  DOCUMENT_SUFFIXES,
  KNOWLEDGE_LIMITS,
  type KnowledgeArticle,
  knowledgeArticleInputSchema,
  type KnowledgeArticleValues,
  type KnowledgeCategory,
  type KnowledgeFile,
  PICTURE_SUFFIXES,
  POST_ATTACHMENT_LIMITS,
  VIDEO_SUFFIXES,
} from '@schoolflow/contracts';
import { errorMessage } from '../api/http.js';
import { FieldError } from '../components/form-field.js';
import { useUploadScope } from '../components/use-files.js';
import { FileUpload } from '../components/widgets/file-upload.js';
import { RichTextEditor } from '../publishing/compose/rich-text-editor.js';
import { fieldMessage } from '../util/form-errors.js';
import { toast } from '../util/toast.js';
import { adminResolver } from '../views/ms/admin-form.js';
import { categoryName, depths } from './category-names.js';
import { useKnowledgeT } from './use-knowledge-t.js';
import { useSaveArticle } from './use-save-article.js';

const MB = 1024 * 1024;
/** Every kind publishing takes in one field; the server counts pictures, videos and documents against its limits. */
const TYPES = [...PICTURE_SUFFIXES, ...VIDEO_SUFFIXES, ...DOCUMENT_SUFFIXES].map((s) => `.${s}`).join(',');

/** What the form's inputs hold: the attachments kept from the article, and the new uploads. */
interface ArticleDraft {
  categoryId: string;
  title: string;
  body: string;
  kept: KnowledgeFile[];
  uploads: string[];
}

// the schema the server validates with, on the body as sent (the kept attachments and the new ones together)
const resolver = adminResolver(knowledgeArticleInputSchema, (d: ArticleDraft) => ({ categoryId: d.categoryId, title: d.title, body: d.body, attachments: [...d.kept.map((f) => f.resId), ...d.uploads] }));

/**
 * 新建文章 / 编辑文章 (an editor of the category): the category (those I write in), the title, the body in
 * publishing's rich-text editor, attachments through the platform's upload (publishing's kinds and limits). A change is
 * saved from the version it was opened at; the server keeps the one it replaces as a version. Its own chunk (the
 * editor is large), loaded when writing.
 */
export default function ArticleForm({ article, categories, defaultCategory, onDone }: { article: KnowledgeArticle | null; categories: readonly KnowledgeCategory[]; defaultCategory: string; onDone: (id: string | null) => void }) {
  const { k, lang } = useKnowledgeT();
  const save = useSaveArticle();
  const uploads = useUploadScope();
  const writable = categories.filter((c) => c.canEdit);
  const depth = depths(categories);
  const initial: ArticleDraft = article
    ? { categoryId: article.categoryId, title: article.title, body: article.body, kept: article.attachments, uploads: [] }
    : { categoryId: writable.some((c) => c.id === defaultCategory) ? defaultCategory : '', title: '', body: '', kept: [], uploads: [] };
  const { register, control, handleSubmit, formState } = useForm<ArticleDraft, unknown, KnowledgeArticleValues>({ defaultValues: initial, resolver });
  const err = (field: keyof KnowledgeArticleValues) => fieldMessage((formState.errors as Record<string, unknown>)[field]);
  const submit = handleSubmit(async (body) => {
    try {
      const res = await save.mutateAsync({ id: article?.id ?? null, body, baseVersion: article?.version ?? 1 });
      toast.success(res.msg);
      onDone(res.data?.id ?? article?.id ?? null);
    } catch (e) {
      toast.error(errorMessage(e));
    }
  });
  return (
    <Segment className="sf-card sf-kb-form" data-testid="kb-article-form" data-id={article?.id ?? ''}>
      <h3 className="sf-card-title">
        <Icon name="edit outline" /> {article ? k('form.editTitle') : k('form.newTitle')}
      </h3>
      <Form onSubmit={() => void submit()} noValidate>
        <Form.Group>
          <Form.Field required width={5} error={Boolean(err('categoryId'))}>
            <label htmlFor="kb-article-category">{k('form.category')}</label>
            <select id="kb-article-category" className="ui fluid dropdown" data-testid="kb-article-category" {...register('categoryId')}>
              <option value="">{k('form.choose')}</option>
              {writable.map((c) => (
                <option key={c.id} value={c.id}>
                  {`${'　'.repeat(depth.get(c.id) ?? 0)}${categoryName(c, lang)}`}
                </option>
              ))}
            </select>
            <FieldError testId="kb-article-category" error={err('categoryId')} />
          </Form.Field>
          <Form.Field required width={11} error={Boolean(err('title'))}>
            <label htmlFor="kb-article-title">{k('form.title')}</label>
            <input id="kb-article-title" data-testid="kb-article-title-input" maxLength={KNOWLEDGE_LIMITS.titleMax + 10} {...register('title')} />
            <FieldError testId="kb-article-title-input" error={err('title')} />
          </Form.Field>
        </Form.Group>
        <Form.Field required error={Boolean(err('body'))}>
          <label>{k('form.body')}</label>
          <Controller control={control} name="body" render={({ field }) => <RichTextEditor initial={field.value} onChange={field.onChange} invalid={Boolean(err('body'))} testId="kb-article-body-editor" />} />
          <FieldError testId="kb-article-body" error={err('body')} />
        </Form.Field>
        <Form.Field error={Boolean(err('attachments'))}>
          <label>{k('form.attachments')}</label>
          <div className="sf-hint">
            {k('form.limits', { pictures: POST_ATTACHMENT_LIMITS.pictures, videos: POST_ATTACHMENT_LIMITS.videos, videoMb: POST_ATTACHMENT_LIMITS.videoBytes / MB, documents: POST_ATTACHMENT_LIMITS.documents, documentMb: POST_ATTACHMENT_LIMITS.documentBytes / MB })}
          </div>
          <Controller control={control} name="kept" render={({ field }) => <KeptFiles files={field.value} onChange={field.onChange} />} />
          <Controller
            control={control}
            name="uploads"
            render={({ field }) => (
              <FileUpload value={field.value} onChange={(ids) => field.onChange(ids)} types={TYPES} limit={KNOWLEDGE_LIMITS.attachments} maxSizeKb={POST_ATTACHMENT_LIMITS.videoBytes / 1024} busyScope={uploads.scope} testId="kb-article-uploads" />
            )}
          />
          <FieldError testId="kb-article-attachments" error={err('attachments')} />
        </Form.Field>
        {article ? <div className="sf-hint">{k('form.versionNote')}</div> : null}
        <div className="sf-form-actions">
          <Button type="submit" primary loading={formState.isSubmitting} disabled={formState.isSubmitting || uploads.busy} data-testid="kb-article-save">
            <Icon name="save" /> {k('form.save')}
          </Button>
          <Button type="button" basic onClick={() => onDone(null)} data-testid="kb-article-cancel">
            {k('form.cancel')}
          </Button>
        </div>
      </Form>
    </Segment>
  );
}

/** The article's attachments so far: removed from the article when it is saved (the file itself stays with its versions). */
function KeptFiles({ files, onChange }: { files: KnowledgeFile[]; onChange: (files: KnowledgeFile[]) => void }) {
  const { k } = useKnowledgeT();
  if (files.length === 0) return null;
  return (
    <div className="sf-kb-kept" data-testid="kb-article-kept">
      <div className="sf-hint">{k('form.kept')}</div>
      <ul className="sf-file-list">
        {files.map((f) => (
          <li key={f.resId} className="sf-file-item" data-testid="kb-article-kept-item">
            <Icon name="file outline" />
            <span className="sf-file-name">
              {f.resName}
              {f.resSuffix}
            </span>
            <button type="button" className="sf-link danger" onClick={() => onChange(files.filter((x) => x.resId !== f.resId))} data-testid="kb-article-kept-remove">
              {k('form.detach')}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
