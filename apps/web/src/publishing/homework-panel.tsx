import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { Button, Form, Icon, Label, Message, Segment } from 'semantic-ui-react';
import { POST_ATTACHMENT_LIMITS, type PostAttachment, type PostDetail, REVIEW_COMMENT_MAX, reviewSubmissionSchema, SUBMISSION_TEXT_MAX, type Submission, submissionSchema } from '@schoolflow/contracts';
import { z } from 'zod';
import { errorMessage, reportError } from '../api/http.js';
import { EmptyState } from '../components/empty-state.js';
import { FieldError } from '../components/form-field.js';
import { ListTable, type Column } from '../components/list-page.js';
import { PageLoader } from '../components/page-loader.js';
import { useDownloadFile, useUploadScope } from '../components/use-files.js';
import { FileUpload } from '../components/widgets/file-upload.js';
import { formatDateTime } from '../util/date.js';
import { toast } from '../util/toast.js';
import { useDisclosure } from '../util/use-disclosure.js';
import { fileRef } from './attachment-ref.js';
import { type HandInState, homeworkOverview, type OverviewRow } from './homework-overview.js';
import { usePostReceipts } from './use-post-receipts.js';
import { usePublishingT } from './use-publishing-t.js';
import { useReviewSubmission } from './use-review-submission.js';
import { useSubmissions } from './use-submissions.js';
import { useSubmitHomework } from './use-submit-homework.js';

/** What a submission may carry: the post's own limits (pictures and documents; a video is not homework's). */
const HAND_IN_TYPES = 'jpg,jpeg,png,gif,webp,pdf,doc,docx,ppt,pptx';
const HAND_IN_LIMIT = POST_ATTACHMENT_LIMITS.pictures + POST_ATTACHMENT_LIMITS.documents;
const HAND_IN_MAX_KB = POST_ATTACHMENT_LIMITS.documentBytes / 1024;

const STATE_COLOR: Record<HandInState, 'green' | 'orange' | 'grey'> = { onTime: 'green', late: 'orange', missing: 'grey' };

type SubmissionInput = z.input<typeof submissionSchema>;
type SubmissionValues = z.output<typeof submissionSchema>;
/** The score comes from a text input: empty is no score, anything else a number the shared schema then bounds. */
const reviewFormSchema = reviewSubmissionSchema.extend({
  score: z.preprocess((v) => (v === '' || v === null || v === undefined ? undefined : Number(v)), reviewSubmissionSchema.shape.score),
});
type ReviewInput = z.input<typeof reviewFormSchema>;
type ReviewValues = z.output<typeof reviewFormSchema>;

const isPast = (time: string | null): boolean => time !== null && Date.parse(time) < Date.now();

function StateLabel({ state }: { state: HandInState }) {
  const { p } = usePublishingT();
  return (
    <Label size="tiny" color={STATE_COLOR[state]} data-testid="homework-state" data-state={state}>
      {p(`web.homework.states.${state}`)}
    </Label>
  );
}

function SubmissionFiles({ files }: { files: readonly PostAttachment[] }) {
  const { p } = usePublishingT();
  const download = useDownloadFile();
  if (files.length === 0) return null;
  const save = async (a: PostAttachment) => {
    try {
      await download.mutateAsync(fileRef(a));
    } catch (err) {
      reportError(err);
    }
  };
  return (
    <ul className="sf-file-list" aria-label={p('web.homework.attachments')}>
      {files.map((a) => (
        <li key={a.resId} className="sf-file-item" data-testid="homework-file">
          <Icon name={a.kind === 'picture' ? 'image outline' : 'file alternate outline'} />
          <span className="sf-file-name">{`${fileRef(a).resName}${fileRef(a).resSuffix}`}</span>
          <button type="button" className="sf-link" disabled={download.isPending} onClick={() => void save(a)} data-testid="homework-file-download">
            {p('web.detail.download')}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** A submission as handed in: when, by whom, late or not, the text and files, and the teacher's review. */
function SubmissionView({ s }: { s: Submission }) {
  const { p } = usePublishingT();
  return (
    <div className="sf-homework-submission" data-testid="homework-submission" data-student={s.studentId} data-late={String(s.late)}>
      <div className="sf-post-meta">
        <StateLabel state={s.late ? 'late' : 'onTime'} />
        <span>{p('web.homework.submittedAt', { time: formatDateTime(s.submittedAt) })}</span>
        {s.updatedAt !== s.submittedAt ? <span>{p('web.homework.updatedAt', { time: formatDateTime(s.updatedAt) })}</span> : null}
        <span>{p('web.homework.submittedBy', { name: s.submittedBy })}</span>
      </div>
      <p className="sf-homework-text" data-testid="homework-text">
        {s.text || p('web.homework.noText')}
      </p>
      <SubmissionFiles files={s.attachments} />
    </div>
  );
}

function ReviewView({ s }: { s: Submission }) {
  const { p } = usePublishingT();
  return (
    <div className="sf-homework-review" data-testid="homework-review">
      <h4>{p('web.homework.review')}</h4>
      {s.reviewedAt ? (
        <>
          {s.score !== null ? (
            <Label color="blue" data-testid="homework-review-score" data-score={s.score}>
              {p('web.homework.scoreValue', { score: s.score })}
            </Label>
          ) : null}
          <p data-testid="homework-review-comment">{s.comment}</p>
          <div className="sf-hint">{p('web.homework.reviewedAt', { time: formatDateTime(s.reviewedAt) })}</div>
        </>
      ) : (
        <div className="sf-hint" data-testid="homework-review-none">
          {p('web.homework.noReview')}
        </div>
      )}
    </div>
  );
}

/**
 * Handing in (`POST`) or changing it until due (`PUT`): text and attachments, checked by the shared schema; a parent
 * of several children hands in for the one chosen (`studentId`).
 */
function SubmissionForm({ post, existing, studentId, onDone }: { post: PostDetail; existing: Submission | null; studentId: string | undefined; onDone: () => void }) {
  const { p, tv } = usePublishingT();
  const submit = useSubmitHomework();
  const uploads = useUploadScope();
  const { control, register, handleSubmit, formState } = useForm<SubmissionInput, unknown, SubmissionValues>({
    resolver: zodResolver(submissionSchema),
    defaultValues: { text: existing?.text ?? '', attachments: existing?.attachments.map((a) => a.resId) ?? [] },
  });
  const textError = formState.errors.text?.message;
  const filesError = formState.errors.attachments?.message;
  const save = handleSubmit(async (body) => {
    try {
      const { msg } = await submit.mutateAsync({ id: post.id, body: studentId ? { ...body, studentId } : body, edit: existing !== null });
      toast.success(msg || p(existing ? 'web.homework.saved' : 'web.homework.submitted'));
      onDone();
    } catch (err) {
      toast.error(errorMessage(err));
    }
  });
  const busy = formState.isSubmitting || uploads.busy;
  return (
    <Form onSubmit={(e) => void save(e)} data-testid="homework-form">
      <Form.Field error={Boolean(textError)}>
        <label htmlFor="homework-text">{p('web.homework.text')}</label>
        <textarea id="homework-text" rows={5} maxLength={SUBMISSION_TEXT_MAX} placeholder={p('web.homework.textPlaceholder')} data-testid="homework-text-input" {...register('text')} />
        <FieldError testId="homework-text" error={textError ? tv(textError) : undefined} />
      </Form.Field>
      <Form.Field>
        <label>{p('web.homework.attachments')}</label>
        <Controller
          control={control}
          name="attachments"
          render={({ field }) => (
            <FileUpload value={field.value ?? []} onChange={(ids) => field.onChange(ids)} types={HAND_IN_TYPES} limit={HAND_IN_LIMIT} maxSizeKb={HAND_IN_MAX_KB} busyScope={uploads.scope} testId="homework-files" />
          )}
        />
        <FieldError testId="homework-files" error={filesError ? tv(filesError) : undefined} />
      </Form.Field>
      <Button primary type="submit" loading={formState.isSubmitting} disabled={busy} data-testid="homework-submit">
        <Icon name="send" /> {existing ? p('web.homework.save') : p('web.homework.submit')}
      </Button>
      {existing ? (
        <Button type="button" basic disabled={busy} onClick={onDone} data-testid="homework-cancel">
          {p('web.homework.cancel')}
        </Button>
      ) : null}
    </Form>
  );
}

/** A parent of several children the homework went to: which child's homework is shown, each with handed in or not. */
function ChildChoice({ post, submissions, chosen, onChoose }: { post: PostDetail; submissions: readonly Submission[]; chosen: string; onChoose: (studentId: string) => void }) {
  const { p } = usePublishingT();
  return (
    <div className="sf-homework-children" role="group" aria-label={p('web.homework.child')} data-testid="homework-children">
      {post.children.map((c) => {
        const handedIn = submissions.some((s) => s.studentId === c.studentId);
        return (
          <Button key={c.studentId} type="button" basic={c.studentId !== chosen} primary={c.studentId === chosen} size="small" onClick={() => onChoose(c.studentId)} data-testid="homework-child" data-student={c.studentId} data-handed-in={String(handedIn)} aria-pressed={c.studentId === chosen}>
            {c.name}{' '}
            <Label size="mini" color={handedIn ? 'green' : 'grey'}>
              {handedIn ? p('web.homework.childHandedIn') : p('web.homework.childNotYet')}
            </Label>
          </Button>
        );
      })}
    </div>
  );
}

/**
 * The student's (or a parent's) side: the due time, the hand-in form, then what was handed in and its review. A
 * parent of several children the homework went to chooses the child first (the server asks which otherwise).
 */
function MyHomework({ post }: { post: PostDetail }) {
  const { p } = usePublishingT();
  const submissions = useSubmissions(post.id);
  const editing = useDisclosure();
  const several = post.children.length > 1;
  const [child, setChild] = useState(post.children[0]?.studentId ?? '');
  if (submissions.isPending) return <PageLoader />;
  if (submissions.error) return <EmptyState icon="book" text={errorMessage(submissions.error)} testId="homework-failed" />;
  const mine = several ? (submissions.data.find((s) => s.studentId === child) ?? null) : (submissions.data[0] ?? null);
  const studentId = several ? child : undefined;
  const closed = isPast(post.dueAt);
  return (
    <>
      {several ? (
        <ChildChoice
          post={post}
          submissions={submissions.data}
          chosen={child}
          onChoose={(id) => {
            setChild(id);
            editing.close();
          }}
        />
      ) : null}
      {post.dueAt ? (
        <Message size="small" warning={closed} info={!closed} data-testid="homework-due" data-closed={String(closed)}>
          <Icon name="clock outline" /> {closed ? p('web.homework.dueClosed', { time: formatDateTime(post.dueAt) }) : p('web.homework.dueOpen', { time: formatDateTime(post.dueAt) })}
        </Message>
      ) : null}
      {mine && !editing.opened ? (
        <>
          <SubmissionView s={mine} />
          {closed ? (
            <div className="sf-hint" data-testid="homework-locked">
              {p('web.homework.locked')}
            </div>
          ) : (
            <Button basic primary size="small" onClick={editing.open} data-testid="homework-edit">
              <Icon name="edit outline" /> {p('web.homework.edit')}
            </Button>
          )}
          <ReviewView s={mine} />
        </>
      ) : (
        <>
          {mine ? null : (
            <div className="sf-hint" data-testid="homework-not-submitted">
              {p('web.homework.notSubmitted')}
            </div>
          )}
          {/* the first hand-in is taken after the due time too (marked late); a change is not */}
          <SubmissionForm key={studentId ?? ''} post={post} existing={mine} studentId={studentId} onDone={editing.close} />
        </>
      )}
    </>
  );
}

/** The teacher's comment and score on one submission, checked by the shared review schema. */
function ReviewForm({ post, s, onDone }: { post: PostDetail; s: Submission; onDone: () => void }) {
  const { p, tv } = usePublishingT();
  const review = useReviewSubmission();
  const { register, handleSubmit, formState } = useForm<ReviewInput, unknown, ReviewValues>({
    resolver: zodResolver(reviewFormSchema),
    defaultValues: { comment: s.comment ?? '', score: s.score === null ? '' : String(s.score) },
  });
  const commentError = formState.errors.comment?.message;
  const scoreError = formState.errors.score?.message;
  const save = handleSubmit(async (body) => {
    try {
      const { msg } = await review.mutateAsync({ id: post.id, studentId: s.studentId, body });
      toast.success(msg || p('web.homework.reviewSaved'));
      onDone();
    } catch (err) {
      toast.error(errorMessage(err));
    }
  });
  return (
    <Form onSubmit={(e) => void save(e)} data-testid="homework-review-form">
      <Form.Group>
        <Form.Field width={12} error={Boolean(commentError)}>
          <label htmlFor="homework-comment">{p('web.homework.comment')}</label>
          <textarea id="homework-comment" rows={2} maxLength={REVIEW_COMMENT_MAX} placeholder={p('web.homework.commentPlaceholder')} data-testid="homework-comment-input" {...register('comment')} />
          <FieldError testId="homework-comment" error={commentError ? tv(commentError) : undefined} />
        </Form.Field>
        <Form.Field width={4} error={Boolean(scoreError)}>
          <label htmlFor="homework-score">{p('web.homework.score')}</label>
          <input id="homework-score" inputMode="decimal" data-testid="homework-score-input" {...register('score')} />
          <FieldError testId="homework-score" error={scoreError ? tv(scoreError) : undefined} />
        </Form.Field>
      </Form.Group>
      <Button primary type="submit" loading={formState.isSubmitting} disabled={formState.isSubmitting} data-testid="homework-review-save">
        <Icon name="check" /> {p('web.homework.saveReview')}
      </Button>
    </Form>
  );
}

/** The author's class overview: every student the homework went to, on time, late or not yet; each reviewed in place. */
function ClassOverview({ post }: { post: PostDetail }) {
  const { p } = usePublishingT();
  const receipts = usePostReceipts(post.id, {});
  const submissions = useSubmissions(post.id);
  const [open, setOpen] = useState<string | null>(null);
  if (receipts.isPending || submissions.isPending) return <PageLoader />;
  if (!receipts.data || !submissions.data) return <EmptyState icon="book" text={errorMessage(receipts.error ?? submissions.error)} testId="homework-failed" />;
  const { rows, counts } = homeworkOverview(receipts.data.list, submissions.data);
  const chosen = rows.find((r) => r.studentId === open)?.submission ?? null;
  const columns: Column<OverviewRow>[] = [
    { title: p('web.homework.student'), cell: (r) => <span data-testid="homework-student">{r.name}</span> },
    { title: p('web.homework.className'), narrow: true, props: { singleLine: true }, cell: (r) => r.className ?? '—' },
    { title: p('web.homework.state'), narrow: true, cell: (r) => <StateLabel state={r.state} /> },
    { title: p('web.homework.time'), narrow: true, props: { singleLine: true }, cell: (r) => formatDateTime(r.submission?.submittedAt ?? null) },
    { title: p('web.homework.mark'), narrow: true, props: { 'data-testid': 'homework-row-score' }, cell: (r) => (r.submission?.score ?? r.submission?.reviewedAt ? (r.submission.score ?? '✓') : '—') },
    {
      title: p('web.homework.actions'),
      narrow: true,
      cell: (r) =>
        r.submission ? (
          <button type="button" className="sf-link" onClick={() => setOpen(open === r.studentId ? null : r.studentId)} data-testid="homework-open">
            {open === r.studentId ? p('web.homework.close') : p('web.homework.open')}
          </button>
        ) : null,
    },
  ];
  return (
    <>
      <div className="sf-homework-counts" data-testid="homework-counts" data-total={counts.total} data-on-time={counts.onTime} data-late={counts.late} data-missing={counts.missing}>
        {p('web.homework.counts', { total: counts.total, onTime: counts.onTime, late: counts.late, missing: counts.missing })}
      </div>
      <ListTable
        testId="homework-overview"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.studentId}
        rowProps={(r) => ({ 'data-testid': 'homework-row', 'data-account': r.account, 'data-state': r.state, active: r.studentId === open })}
        empty={{ text: p('web.homework.empty'), testId: 'homework-overview-empty' }}
      />
      {chosen ? (
        <Segment data-testid="homework-review-panel" data-student={chosen.studentId}>
          <h4>{chosen.studentName}</h4>
          <SubmissionView s={chosen} />
          <ReviewForm key={chosen.studentId} post={post} s={chosen} onDone={() => setOpen(null)} />
        </Segment>
      ) : null}
    </>
  );
}

/**
 * Homework's hand-in on its detail page (issue 24 §3). The author sees the class overview and reviews; a student —
 * or a parent for the child — hands in text and attachments, changes it until due, and sees "late" and the review.
 */
export function HomeworkPanel({ post }: { post: PostDetail }) {
  const { p } = usePublishingT();
  return (
    <Segment className="sf-card sf-homework" data-testid="homework-panel" data-mine={String(post.mine)}>
      <h3 className="sf-card-title">
        <Icon name="book" /> {post.mine ? p('web.homework.overview') : p('web.homework.mine')}
      </h3>
      {post.mine ? <ClassOverview post={post} /> : <MyHomework post={post} />}
    </Segment>
  );
}
