import { lazy, Suspense, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Icon, Label, Modal, Segment } from 'semantic-ui-react';
import type { PostAttachment, PostDetail, PostKind } from '@schoolflow/contracts';
import { errorMessage, reportError } from '../api/http.js';
import { AuthImage } from '../components/auth-image.js';
import { EmptyState } from '../components/empty-state.js';
import { PageLoader } from '../components/page-loader.js';
import { SignaturePad, type SignaturePadHandle } from '../components/widgets/signature-pad.js';
import { useDownloadFile } from '../components/use-files.js';
import { usePictureUrl } from '../components/use-picture-url.js';
import { formatDateTime } from '../util/date.js';
import { toast } from '../util/toast.js';
import { useDialogTarget, useDisclosure } from '../util/use-disclosure.js';
import { documentIcon, fileRef, previewable, sizeText } from './attachment-ref.js';
import { HomeworkPanel } from './homework-panel.js';
import { postLink } from './post-links.js';
import { useConfirmPost } from './use-confirm-post.js';
import { useDocumentBytes } from './use-document-bytes.js';
import { usePost } from './use-post.js';
import { kindLabel, usePublishingT } from './use-publishing-t.js';

/** pdf.js and the viewer: their own chunk, fetched when a reader first opens a PDF. */
const PdfViewer = lazy(() => import('./pdf-viewer.js'));

/** A PDF previewed in the page: the file fetched with the session's token, then shown by the lazy viewer. */
function PdfPreview({ attachment }: { attachment: PostAttachment }) {
  const bytes = useDocumentBytes(attachment.resId);
  if (!bytes.data) return <Icon name={bytes.isError ? 'file pdf outline' : 'spinner'} loading={!bytes.isError} size="big" />;
  return (
    <Suspense fallback={<Icon name="spinner" loading size="big" />}>
      <PdfViewer data={bytes.data} name={attachment.name} />
    </Suspense>
  );
}

/** The video, played in the page: fetched with the session's token (the file API needs its header) and shown by URL. */
function PostVideo({ attachment }: { attachment: PostAttachment }) {
  const url = usePictureUrl(attachment.resId);
  if (!url.data) return <Icon name={url.isError ? 'video' : 'spinner'} loading={!url.isError} size="big" />;
  return <video className="sf-post-video" src={url.data} controls preload="metadata" data-testid="post-video" aria-label={attachment.name} />;
}

function Attachments({ post }: { post: PostDetail }) {
  const { p } = usePublishingT();
  const download = useDownloadFile();
  const { target: large, open: showLarge, close: closeLarge } = useDialogTarget<PostAttachment>();
  const [previewing, setPreviewing] = useState<string | null>(null);
  const pictures = post.attachments.filter((a) => a.kind === 'picture');
  const videos = post.attachments.filter((a) => a.kind === 'video');
  const documents = post.attachments.filter((a) => a.kind === 'document');
  const save = async (a: PostAttachment) => {
    try {
      await download.mutateAsync(fileRef(a));
    } catch (err) {
      reportError(err);
    }
  };
  return (
    <>
      {pictures.length > 0 ? (
        <section className="sf-post-section" data-testid="post-pictures">
          <h4>{p('web.detail.pictures')}</h4>
          <div className="sf-post-pictures">
            {pictures.map((a) => (
              <AuthImage key={a.resId} resId={a.resId} alt={a.name} className="sf-post-picture" testId="post-picture" onClick={() => showLarge(a)} />
            ))}
          </div>
          {/* a picture opens large over the page; a click anywhere or Esc closes it */}
          <Modal open={large !== null} onClose={closeLarge} basic size="large" closeIcon data-testid="post-lightbox">
            <Modal.Content className="sf-post-lightbox" onClick={closeLarge}>
              {large ? <AuthImage resId={large.resId} alt={large.name} className="sf-post-lightbox-image" testId="post-lightbox-image" /> : null}
            </Modal.Content>
          </Modal>
        </section>
      ) : null}
      {videos.length > 0 ? (
        <section className="sf-post-section">
          <h4>{p('web.detail.video')}</h4>
          {videos.map((a) => (
            <PostVideo key={a.resId} attachment={a} />
          ))}
        </section>
      ) : null}
      {documents.length > 0 ? (
        <section className="sf-post-section" data-testid="post-documents">
          <h4>{p('web.detail.documents')}</h4>
          <ul className="sf-file-list">
            {documents.map((a) => (
              <li key={a.resId} className="sf-file-item sf-post-document" data-testid="post-document" data-suffix={a.suffix}>
                <div className="sf-post-document-row">
                  <Icon name={documentIcon(a)} size="large" />
                  <span className="sf-file-name">{a.name}</span>
                  <span className="sf-hint">{sizeText(a.size)}</span>
                  {previewable(a) ? (
                    <button type="button" className="sf-link" onClick={() => setPreviewing(previewing === a.resId ? null : a.resId)} data-testid="post-document-preview">
                      {p(previewing === a.resId ? 'web.detail.closePreview' : 'web.detail.preview')}
                    </button>
                  ) : null}
                  <button type="button" className="sf-link" disabled={download.isPending} onClick={() => void save(a)} data-testid="post-document-download">
                    {p('web.detail.download')}
                  </button>
                </div>
                {previewing === a.resId ? <PdfPreview attachment={a} /> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

/**
 * The signature pad in a dialog, for a post that asks its confirmation signed: `onSigned` gets the drawn image (the
 * pad says "not signed" itself when it is empty).
 */
function SignDialog({ open, busy, onClose, onSigned }: { open: boolean; busy: boolean; onClose: () => void; onSigned: (image: string) => void }) {
  const { p } = usePublishingT();
  const pad = useRef<SignaturePadHandle>(null);
  const sign = () => {
    const image = pad.current?.generate();
    if (image) onSigned(image);
  };
  return (
    <Modal open={open} onClose={onClose} size="small" data-testid="post-sign-dialog">
      <Modal.Header>{p('web.detail.signTitle')}</Modal.Header>
      <Modal.Content>
        <p className="sf-hint">{p('web.detail.signHint')}</p>
        <SignaturePad ref={pad} showActions={false} testId="post-signature" />
      </Modal.Content>
      <Modal.Actions>
        <Button basic onClick={() => pad.current?.clear()} data-testid="post-sign-clear">
          <Icon name="eraser" /> {p('web.detail.signClear')}
        </Button>
        <Button onClick={onClose} data-testid="post-sign-cancel">
          {p('web.detail.signCancel')}
        </Button>
        <Button primary loading={busy} disabled={busy} onClick={sign} data-testid="post-sign-confirm">
          <Icon name="check" /> {p('web.detail.confirm')}
        </Button>
      </Modal.Actions>
    </Modal>
  );
}

/**
 * A parent of several children the post reached confirms for each (a confirmation counts for the child named): a
 * row per child with its own state, and a button while that child's is not given (signed first when the post asks).
 */
function ChildrenConfirm({ post }: { post: PostDetail }) {
  const { p } = usePublishingT();
  const confirm = useConfirmPost();
  const { target: signingFor, open: openSign, close: closeSign } = useDialogTarget<string>();
  const run = async (studentId: string, signature?: string) => {
    try {
      // the server answers the counts, no words: the page says it
      await confirm.mutateAsync({ id: post.id, studentId, signature });
      toast.success(p('web.detail.confirmDone'));
      closeSign();
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  return (
    <div className="sf-child-confirm" data-testid="post-children" aria-label={p('web.detail.children')}>
      {post.children.map((c) => (
        <div key={c.studentId} className="sf-child-confirm-row" data-testid="post-child" data-student={c.studentId} data-confirmed={String(c.confirmedAt !== null)}>
          <strong>{c.name}</strong>
          {c.className ? <span className="sf-hint">{c.className}</span> : null}
          {c.confirmedAt ? (
            <Label color="green" size="small" data-testid="post-child-confirmed">
              <Icon name="check" /> {p('web.detail.childConfirmed', { time: formatDateTime(c.confirmedAt) })}
            </Label>
          ) : (
            <>
              <span className="sf-hint">{p('web.detail.childUnconfirmed')}</span>
              <Button
                primary
                size="small"
                loading={confirm.isPending && confirm.variables?.studentId === c.studentId}
                disabled={confirm.isPending}
                onClick={() => (post.requireSignature ? openSign(c.studentId) : void run(c.studentId))}
                data-testid="post-child-confirm"
              >
                <Icon name={post.requireSignature ? 'pencil alternate' : 'check circle outline'} /> {p('web.detail.confirmFor', { name: c.name })}
              </Button>
            </>
          )}
        </div>
      ))}
      {post.requireSignature ? (
        <SignDialog open={signingFor !== null} busy={confirm.isPending} onClose={closeSign} onSigned={(image) => signingFor && void run(signingFor, image)} />
      ) : null}
    </div>
  );
}

/**
 * The reader's confirmation: a button while it is asked for and not given, then when it was given. A post that asks
 * for a signature opens the signature pad first; the image goes up with the confirmation (the server refuses one
 * without it).
 */
function ConfirmBar({ post }: { post: PostDetail }) {
  const { p } = usePublishingT();
  const confirm = useConfirmPost();
  const signing = useDisclosure();
  if (!post.requireConfirm || post.mine) return null;
  if (post.children.length > 1) return <ChildrenConfirm post={post} />;
  if (post.confirmedAt) {
    return (
      <Label color="green" data-testid="post-confirmed">
        <Icon name="check" /> {p('web.detail.confirmedAt', { time: formatDateTime(post.confirmedAt) })}
      </Label>
    );
  }
  const run = async (signature?: string) => {
    try {
      await confirm.mutateAsync({ id: post.id, signature });
      toast.success(p('web.detail.confirmDone'));
      signing.close();
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  return (
    <>
      <Button primary loading={confirm.isPending} disabled={confirm.isPending} onClick={() => (post.requireSignature ? signing.open() : void run())} data-testid="post-confirm">
        <Icon name={post.requireSignature ? 'pencil alternate' : 'check circle outline'} /> {p(post.requireSignature ? 'web.detail.signTitle' : 'web.detail.confirm')}
      </Button>
      {post.requireSignature ? <SignDialog open={signing.opened} busy={confirm.isPending} onClose={signing.close} onSigned={(image) => void run(image)} /> : null}
    </>
  );
}

/**
 * A post as its reader sees it (the kind's page with `?id=`): title, who and when, the body (HTML the server
 * sanitised), pictures, the video played in the page, documents to download, and the confirmation when asked for.
 */
export function PostDetailPanel({ id, kind, active }: { id: string; kind: PostKind; active: boolean }) {
  const { p } = usePublishingT();
  const navigate = useNavigate();
  const post = usePost(id, active);
  const back = (
    <Button basic size="small" onClick={() => void navigate(postLink.list(kind))} data-testid="post-back">
      <Icon name="arrow left" /> {p('web.detail.back')}
    </Button>
  );
  if (post.isPending) return <PageLoader />;
  if (!post.data) {
    return (
      <div className="sf-page sf-publishing">
        <Segment className="sf-card">
          {back}
          <EmptyState icon="bullhorn" text={post.error ? errorMessage(post.error) : p('web.detail.notFound')} testId="post-not-found" />
        </Segment>
      </div>
    );
  }
  const d = post.data;
  return (
    <div className="sf-page sf-publishing" data-testid="post-detail" data-id={d.id}>
      <Segment className="sf-card sf-post-detail">
        <div className="sf-post-detail-tools">
          {back}
          {d.mine ? (
            <Button basic primary size="small" onClick={() => void navigate(postLink.receipts(d.kind, d.id))} data-testid="post-detail-receipts">
              <Icon name="chart bar outline" /> {p('web.detail.receipts')}
            </Button>
          ) : null}
        </div>
        <h2 className="sf-post-heading" data-testid="post-title">
          <Label size="small">{kindLabel(d.kind)}</Label> {d.title}
        </h2>
        <div className="sf-post-meta">
          <span>{p('web.detail.author', { name: d.authorName })}</span>
          {d.publishedAt ? <span>{p('web.detail.publishedAt', { time: formatDateTime(d.publishedAt) })}</span> : null}
          {d.dueAt ? <span data-testid="post-due">{p('web.detail.due', { time: formatDateTime(d.dueAt) })}</span> : null}
          {d.place ? <span>{p('web.detail.place', { place: d.place })}</span> : null}
          {d.startAt && d.endAt ? <span>{p('web.detail.period', { start: formatDateTime(d.startAt), end: formatDateTime(d.endAt) })}</span> : null}
        </div>
        {/* The body is HTML the server sanitised when the post was saved: the publishing module's sanitiser keeps no script, style or event handler. */}
        <div className="sf-post-body" data-testid="post-body" dangerouslySetInnerHTML={{ __html: d.body }} />
        <Attachments post={d} />
        <div className="sf-post-confirm">
          <ConfirmBar post={d} />
        </div>
      </Segment>
      {d.kind === 'homework' ? <HomeworkPanel post={d} /> : null}
    </div>
  );
}
