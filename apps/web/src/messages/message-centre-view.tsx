import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, Icon, Label, Menu, Segment } from 'semantic-ui-react';
import { LETTER_BOXES, type LetterBox, type LetterRow } from '@schoolflow/contracts';
import { type Column, ListCard } from '../components/list-page.js';
import { PageLoader } from '../components/page-loader.js';
import { usePaging } from '../components/pager.js';
import type { ViewProps } from '../router/view-props.js';
import { InboxList } from './inbox-list.js';
import './messages.css';
import { type ComposeStart } from './letter-compose.js';
import { showMessageDialog } from './use-message-dialog.js';
import { useLetter } from './use-letter.js';
import { useLetterBox } from './use-letter-box.js';
import { useLetterCounters } from './use-letter-counters.js';
import { type LettersKey, useLettersT } from './use-letters-t.js';

// the editor (tiptap) loads with the form, not with the message centre
const LetterCompose = lazy(() => import('./letter-compose.js'));

const isBox = (v: string | null): v is LetterBox => (LETTER_BOXES as readonly string[]).includes(v ?? '');

/**
 * 消息中心 (messageCenter/xxzx, docs/product/messages.md): the boxes — inbox (every message of mine, the system's
 * too), sent, drafts, trash — with the spec's counters (unread, total, draft, trash) live, and the compose form as a
 * state of the page: `?compose=1` a new message, `?draft=<id>` a draft continued (it survives a reload), `?reply=<id>`
 * an answer to a message of mine. `?box=` keeps the box open across a reload.
 */
export default function MessageCentreView({ active }: ViewProps) {
  const { l } = useLettersT();
  const [params, setParams] = useSearchParams();
  const counters = useLetterCounters();
  const box: LetterBox = isBox(params.get('box')) ? (params.get('box') as LetterBox) : 'inbox';
  const draftId = params.get('draft');
  const replyTo = params.get('reply');
  const composing = params.get('compose') === '1' || draftId !== null || replyTo !== null;
  const go = (next: Record<string, string>) => setParams(next);

  const tabs = (
    <Segment className="sf-card sf-letter-tabs" data-testid="letters-counters" data-loaded={counters.loaded} data-unread={counters.unread} data-total={counters.total} data-draft={counters.draft} data-trash={counters.trash}>
      <Menu secondary pointing>
        {LETTER_BOXES.map((b) => (
          <Menu.Item key={b} active={!composing && box === b} onClick={() => go({ box: b })} data-testid={`letters-tab-${b}`}>
            {l(`boxes.${b}` as LettersKey)}
            {b === 'inbox' ? (
              <>
                <Label size="mini" color={counters.unread > 0 ? 'red' : undefined} title={l('counters.unread')} data-testid="letters-counter-unread">
                  {counters.unread}
                </Label>
                <Label size="mini" basic title={l('counters.total')} data-testid="letters-counter-total">
                  {counters.total}
                </Label>
              </>
            ) : b === 'draft' ? (
              <Label size="mini" basic data-testid="letters-counter-draft">
                {counters.draft}
              </Label>
            ) : b === 'trash' ? (
              <Label size="mini" basic data-testid="letters-counter-trash">
                {counters.trash}
              </Label>
            ) : null}
          </Menu.Item>
        ))}
        <Menu.Menu position="right">
          <Menu.Item>
            <Button primary size="small" onClick={() => go({ compose: '1' })} data-testid="letters-compose">
              <Icon name="edit outline" /> {l('list.compose')}
            </Button>
          </Menu.Item>
        </Menu.Menu>
      </Menu>
    </Segment>
  );

  if (composing) {
    return (
      <div className="sf-page sf-message-center" data-testid="message-centre">
        {tabs}
        <ComposeFor key={draftId ?? replyTo ?? 'new'} draftId={draftId} replyTo={replyTo} onDraft={(id) => go({ draft: id })} onClose={() => go({ box: draftId ? 'draft' : 'sent' })} />
      </div>
    );
  }
  if (box === 'inbox') return <InboxList active={active} header={tabs} />;
  return (
    <div className="sf-page sf-message-center" data-testid="message-centre">
      {tabs}
      <BoxList box={box} active={active} onDraft={(id) => go({ draft: id })} />
    </div>
  );
}

/** The compose form, started from a draft or a reply once that has loaded. */
function ComposeFor({ draftId, replyTo, onDraft, onClose }: { draftId: string | null; replyTo: string | null; onDraft: (id: string) => void; onClose: () => void }) {
  const { l } = useLettersT();
  const source = useLetter(draftId ?? replyTo);
  if ((draftId || replyTo) && source.isPending) return <PageLoader />;
  const d = source.data;
  let start: ComposeStart = {};
  if (draftId && d) start = { id: d.id, title: d.title, content: d.content, recipients: d.recipients, type: d.type, link: d.link, attachments: d.attachments.map((a) => a.resId) };
  if (replyTo && d) start = { replyTo: d.id, title: l('compose.replyTitle', { title: d.title }).slice(0, 100) };
  return (
    <Suspense fallback={<PageLoader />}>
      {replyTo && d?.sender ? (
        <div className="sf-hint" data-testid="letter-reply-to">
          {l('list.reply')}: {d.sender.name}
        </div>
      ) : null}
      <LetterCompose start={start} onDraft={onDraft} onClose={onClose} />
    </Suspense>
  );
}

/** Sent, drafts or the trash: a draft opens in the form, anything else in the message dialog. */
function BoxList({ box, active, onDraft }: { box: Exclude<LetterBox, 'inbox'>; active: boolean; onDraft: (id: string) => void }) {
  const { l } = useLettersT();
  const paging = usePaging();
  const list = useLetterBox({ box, page: paging.current, size: paging.size }, active);
  const open = (r: LetterRow) => {
    if (r.ORIGIN === 'draft' && box === 'draft') onDraft(r.MESSAGE_ID);
    else showMessageDialog(r);
  };
  const columns: Column<LetterRow>[] = [
    { title: l('list.state'), narrow: true, props: { singleLine: true }, cell: (r) => <Label size="tiny" basic>{l(`origins.${r.ORIGIN}` as LettersKey)}</Label> },
    { title: l('compose.type'), narrow: true, props: { singleLine: true }, cell: (r) => l(`types.${r.MESSAGE_TYPE}` as LettersKey) },
    { title: l('compose.subject'), cell: (r) => <div className="sf-message-title">{r.MESSAGE_TITLE || '—'}</div> },
    {
      title: box === 'trash' ? `${l('list.sender')} / ${l('list.recipients')}` : l('list.recipients'),
      cell: (r) => (r.ORIGIN === 'inbox' ? (r.SENDER_NAME ?? '') : `${r.RECIPIENTS ?? ''}${r.RECIPIENT_COUNT > 0 ? ` (${l('list.recipientCount', { n: r.RECIPIENT_COUNT })})` : ''}`),
    },
    { title: l('list.attachments'), narrow: true, cell: (r) => (r.ATTACHMENT_COUNT > 0 ? <Icon name="paperclip" /> : null) },
    { title: l('list.time'), narrow: true, props: { singleLine: true }, cell: (r) => r.CREATE_TIME },
  ];
  return (
    <ListCard
      testId={`letters-${box}`}
      icon={box === 'trash' ? 'trash alternate outline' : box === 'draft' ? 'file outline' : 'send'}
      title={l(`boxes.${box}` as LettersKey)}
      list={{ page: { total: list.page.total, list: list.page.rows }, loading: list.loading, reload: list.reload, ...paging }}
      tableTestId={`letters-${box}-list`}
      columns={columns}
      rowKey={(r) => r.MESSAGE_ID}
      rowProps={(r) => ({ className: 'sf-clickable', 'data-id': r.MESSAGE_ID, 'data-origin': r.ORIGIN, onClick: () => open(r) })}
      emptyText={l('list.empty')}
      emptyIcon="envelope open outline"
    />
  );
}
