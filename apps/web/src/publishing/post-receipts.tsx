import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Form, Icon, Label, Message, Segment, Statistic } from 'semantic-ui-react';
import { RECEIPT_STATES, type PostKind, type ReceiptClass, type ReceiptRow, type ReceiptState } from '@schoolflow/contracts';
import { ApiError, errorMessage } from '../api/http.js';
import { AuthImage } from '../components/auth-image.js';
import { EmptyState } from '../components/empty-state.js';
import { CardHead, FilterSelect, ListTable, RefreshButton, type Column } from '../components/list-page.js';
import { PageLoader } from '../components/page-loader.js';
import { textParam, useViewParam, filterParam } from '../router/use-view-param.js';
import { formatDateTime } from '../util/date.js';
import { toast } from '../util/toast.js';
import { postLink } from './post-links.js';
import type { ReceiptFilter } from './publishing-client.js';
import { usePost } from './use-post.js';
import { usePostReceipts } from './use-post-receipts.js';
import { usePublishingT } from './use-publishing-t.js';
import { useRemindUnread } from './use-remind-unread.js';

/** HTTP's Too Many Requests: the server's answer to a second reminder within the hour. */
const TOO_SOON = 429;

/** A receipt state chosen (`?state=read`); '' is every state. */
const stateParam = filterParam(RECEIPT_STATES);

/**
 * The author's receipts of a post (the kind's page with `?id=&view=receipts`): read / confirmed / unread counts,
 * per class, and per person with names, kept live by the `post.receipt` push (usePostsLive writes the counts and
 * reads the rows again) — no reload. 提醒未读 reminds the unread once; within the hour of a reminder (the receipts'
 * `remindAgainAt`) the button is disabled and says when it may be asked again; a refusal from the server (another
 * window reminded first) keeps it disabled with the server's words.
 */
export function PostReceiptsPanel({ id, kind, active }: { id: string; kind: PostKind; active: boolean }) {
  const { p } = usePublishingT();
  const navigate = useNavigate();
  // the class and state chosen (`?class=…&state=…`)
  const [classId, setClassId] = useViewParam('class', '', textParam);
  const [state, setState] = useViewParam('state', '', stateParam);
  const filter = useMemo<ReceiptFilter>(() => ({ classId: classId || undefined, state: state || undefined }), [classId, state]);
  const post = usePost(id, active);
  const receipts = usePostReceipts(id, filter, active);
  const remind = useRemindUnread();
  // the server's refusal of a reminder (another window reminded first) stays as the mutation's error: nothing asks again
  const refusal = remind.error instanceof ApiError && remind.error.code === TOO_SOON ? errorMessage(remind.error) : null;
  // the server sends remindAgainAt only while it is ahead; when it comes, the receipts are read again to turn the button back on
  const againAt = receipts.data?.remindAgainAt ?? null;
  const { refetch } = receipts;
  useEffect(() => {
    if (!againAt) return undefined;
    const timer = setTimeout(() => void refetch(), Math.max(0, Date.parse(againAt) - Date.now()) + 1000);
    return () => clearTimeout(timer);
  }, [againAt, refetch]);

  if (receipts.isPending) return <PageLoader />;
  const data = receipts.data;
  const back = (
    <Button basic size="small" onClick={() => void navigate(postLink.list(kind))} data-testid="receipts-back">
      <Icon name="arrow left" /> {p('web.detail.back')}
    </Button>
  );
  if (!data) {
    return (
      <div className="sf-page sf-publishing">
        <Segment className="sf-card">
          {back}
          <EmptyState icon="chart bar outline" text={errorMessage(receipts.error)} testId="receipts-failed" />
        </Segment>
      </div>
    );
  }
  const { counts } = data;
  const unread = counts.total - counts.read;
  const requireConfirm = post.data?.requireConfirm ?? true;
  const requireSignature = post.data?.requireSignature ?? false;
  // a reminder within the hour (the server's answer): the button starts off, saying when it may be asked again
  const waitHint = refusal ?? (againAt ? p('web.receipts.remindAgainAt', { time: formatDateTime(againAt) }) : null);

  const runRemind = async () => {
    try {
      const { answer, msg } = await remind.mutateAsync(id);
      toast.success(msg || p('web.receipts.reminded', { n: answer?.unread ?? unread }));
    } catch (err) {
      toast.warning(errorMessage(err));
    }
  };

  const className = (c: { className: string | null }) => c.className ?? p('web.receipts.noClass');
  const classColumns: Column<ReceiptClass>[] = [
    {
      title: p('web.receipts.className'),
      cell: (c) => (
        <button type="button" className="sf-link" data-testid="receipts-class-filter" onClick={() => setClassId(c.classId ?? '')}>
          {className(c)}
        </button>
      ),
    },
    { title: p('web.receipts.total'), narrow: true, cell: (c) => c.total },
    { title: p('web.receipts.read'), narrow: true, props: { 'data-testid': 'receipts-class-read' }, cell: (c) => c.read },
    ...(requireConfirm ? [{ title: p('web.receipts.confirmed'), narrow: true, props: { 'data-testid': 'receipts-class-confirmed' }, cell: (c: ReceiptClass) => c.confirmed }] : []),
    { title: p('web.receipts.unread'), narrow: true, props: { 'data-testid': 'receipts-class-unread' }, cell: (c) => c.total - c.read },
  ];

  const stateOf = (r: ReceiptRow): ReceiptState => (r.confirmedAt ? 'confirmed' : r.readAt ? 'read' : 'unread');
  const rowColumns: Column<ReceiptRow>[] = [
    { title: p('web.receipts.name'), cell: (r) => <span data-testid="receipt-name">{r.name}</span> },
    { title: p('web.receipts.account'), narrow: true, cell: (r) => r.account },
    { title: p('web.receipts.role'), narrow: true, props: { singleLine: true }, cell: (r) => (r.role === 'parent' && r.studentName ? p('web.receipts.parentOf', { name: r.studentName }) : p(`roles.${r.role}`)) },
    { title: p('web.receipts.className'), narrow: true, props: { singleLine: true }, cell: (r) => r.className ?? '—' },
    {
      title: p('web.receipts.state'),
      narrow: true,
      props: { singleLine: true },
      cell: (r) => {
        const state = stateOf(r);
        return (
          <Label size="tiny" color={state === 'confirmed' ? 'green' : state === 'read' ? 'blue' : 'red'} data-testid="receipt-state" data-state={state}>
            {p(`receiptStates.${state}`)}
          </Label>
        );
      },
    },
    { title: p('web.receipts.readAt'), narrow: true, props: { singleLine: true }, cell: (r) => formatDateTime(r.readAt) },
    ...(requireConfirm
      ? [
          {
            title: p('web.receipts.confirmedAt'),
            narrow: true,
            props: { singleLine: true },
            cell: (r: ReceiptRow) => (
              <>
                {formatDateTime(r.confirmedAt)}
                {r.confirmedByName && r.confirmedByName !== r.name ? <div className="sf-hint">{p('web.receipts.confirmedBy', { name: r.confirmedByName })}</div> : null}
              </>
            ),
          },
        ]
      : []),
    ...(requireSignature
      ? [
          {
            title: p('web.receipts.signature'),
            narrow: true,
            cell: (r: ReceiptRow) => (r.signatureId ? <AuthImage resId={r.signatureId} alt={p('web.receipts.signatureOf', { name: r.name })} className="sf-receipt-signature" testId="receipt-signature" /> : '—'),
          },
        ]
      : []),
  ];

  const classOptions = data.classes.map((c) => ({ value: c.classId ?? '', text: className(c) })).filter((o) => o.value !== '');
  const stateOptions = RECEIPT_STATES.map((s) => ({ value: s, text: p(`receiptStates.${s}`) }));

  return (
    <div className="sf-page sf-publishing" data-testid="post-receipts" data-id={id}>
      <Segment className="sf-card">
        <CardHead
          icon="chart bar outline"
          title={p('web.receipts.title', { title: post.data?.title ?? '' })}
          tools={
            <>
              {back}
              <Button
                color="orange"
                size="small"
                disabled={waitHint !== null || remind.isPending || unread === 0}
                loading={remind.isPending}
                title={waitHint ?? undefined}
                onClick={() => void runRemind()}
                data-testid="receipts-remind"
              >
                <Icon name="bell outline" /> {p('web.receipts.remind')}
              </Button>
              <RefreshButton onClick={() => void receipts.refetch()} testId="receipts-refresh" title={p('web.list.refresh')} />
            </>
          }
        />
        {refusal ? (
          <Message warning size="small" data-testid="receipts-remind-refused">
            {refusal}
          </Message>
        ) : againAt ? (
          <Message info size="small" data-testid="receipts-remind-wait" data-again={againAt}>
            {waitHint}
          </Message>
        ) : null}
        <Statistic.Group size="small" widths={requireConfirm ? 4 : 3} className="sf-receipt-counts">
          <Statistic data-testid="receipts-total" data-value={counts.total}>
            <Statistic.Value>{counts.total}</Statistic.Value>
            <Statistic.Label>{p('web.receipts.total')}</Statistic.Label>
          </Statistic>
          <Statistic color="blue" data-testid="receipts-read" data-value={counts.read}>
            <Statistic.Value>{counts.read}</Statistic.Value>
            <Statistic.Label>{p('web.receipts.read')}</Statistic.Label>
          </Statistic>
          {requireConfirm ? (
            <Statistic color="green" data-testid="receipts-confirmed" data-value={counts.confirmed}>
              <Statistic.Value>{counts.confirmed}</Statistic.Value>
              <Statistic.Label>{p('web.receipts.confirmed')}</Statistic.Label>
            </Statistic>
          ) : null}
          <Statistic color="red" data-testid="receipts-unread" data-value={unread}>
            <Statistic.Value>{unread}</Statistic.Value>
            <Statistic.Label>{p('web.receipts.unread')}</Statistic.Label>
          </Statistic>
        </Statistic.Group>

        <h4 className="sf-post-subhead">{p('web.receipts.byClass')}</h4>
        <ListTable testId="receipts-classes" columns={classColumns} rows={data.classes} rowKey={(c) => c.classId ?? ''} rowProps={(c) => ({ 'data-testid': 'receipts-class', 'data-class': className(c) })} empty={{ text: p('web.receipts.empty'), testId: 'receipts-classes-empty' }} />

        <Form className="sf-receipt-filters">
          <FilterSelect id="receipts-filter-class" label={p('web.receipts.className')} value={filter.classId ?? ''} all={p('web.receipts.all')} options={classOptions} onValue={setClassId} />
          <FilterSelect id="receipts-filter-state" label={p('web.receipts.state')} value={filter.state ?? ''} all={p('web.receipts.all')} options={stateOptions} onValue={(v) => setState(RECEIPT_STATES.find((s) => s === v) ?? '')} />
        </Form>
        <ListTable
          testId="receipts-people"
          columns={rowColumns}
          rows={data.list}
          rowKey={(r) => `${r.userId}:${r.studentId ?? ''}`}
          rowProps={(r) => ({ 'data-testid': 'receipt-row', 'data-account': r.account, 'data-state': stateOf(r) })}
          empty={{ text: p('web.receipts.empty'), testId: 'receipts-people-empty' }}
        />
      </Segment>
    </div>
  );
}
