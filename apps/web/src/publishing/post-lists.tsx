import { useNavigate } from 'react-router-dom';
import { Button, Icon, Label, Menu, Segment } from 'semantic-ui-react';
import type { PostKind, PostListItem } from '@schoolflow/contracts';
import { errorMessage } from '../api/http.js';
import { confirmAction } from '../components/confirm-dialog.js';
import { CardHead, ListTable, RefreshButton, type Column } from '../components/list-page.js';
import { Pager, usePaging } from '../components/pager.js';
import { oneOfParam, useViewParam } from '../router/use-view-param.js';
import { formatDateTime } from '../util/date.js';
import { toast } from '../util/toast.js';
import { postLink } from './post-links.js';
import type { PostBox } from './publishing-client.js';
import { useDeletePost } from './use-delete-post.js';
import { usePinPost } from './use-pin-post.js';
import { usePosts } from './use-posts.js';
import { usePublishPost } from './use-publish-post.js';
import { kindLabel, stateLabel, usePublishingT } from './use-publishing-t.js';
import { useWithdrawPost } from './use-withdraw-post.js';

const boxParam = oneOfParam<PostBox>(['authored', 'inbox']);

/** What the reader's row says of their own receipt: unread, read, confirmed, or read and still to confirm. */
function ReceiptBadge({ post }: { post: PostListItem }) {
  const { p } = usePublishingT();
  if (post.confirmedAt) return <Label size="tiny" color="green" data-testid="post-receipt" data-state="confirmed">{p('web.list.confirmedState')}</Label>;
  if (!post.readAt) return <Label size="tiny" color="red" data-testid="post-receipt" data-state="unread">{p('web.list.unread')}</Label>;
  if (post.requireConfirm) return <Label size="tiny" color="orange" data-testid="post-receipt" data-state="to-confirm">{p('web.list.toConfirm')}</Label>;
  return <Label size="tiny" basic data-testid="post-receipt" data-state="read">{p('web.list.readState')}</Label>;
}

const STATE_COLOR = { draft: 'grey', scheduled: 'blue', published: 'green', withdrawn: 'orange' } as const;

/** The author's actions on one of their posts, each asking first where it cannot be undone. */
function AuthorActions({ post }: { post: PostListItem }) {
  const { p } = usePublishingT();
  const navigate = useNavigate();
  const publish = usePublishPost();
  const withdraw = useWithdrawPost();
  const pin = usePinPost();
  const remove = useDeletePost();
  const kind = kindLabel(post.kind);
  const run = async (question: string | null, action: () => Promise<string>) => {
    if (question && !(await confirmAction(question))) return;
    try {
      toast.success(await action());
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  const busy = publish.isPending || withdraw.isPending || pin.isPending || remove.isPending;
  return (
    <span className="sf-post-actions">
      {post.state === 'published' || post.state === 'withdrawn' ? (
        <Button size="mini" basic primary data-testid="post-receipts" onClick={() => void navigate(postLink.receipts(post.kind, post.id))}>
          <Icon name="chart bar outline" /> {p('web.list.receipts')}
        </Button>
      ) : null}
      {post.state === 'draft' || post.state === 'scheduled' ? (
        <Button size="mini" basic color="green" disabled={busy} data-testid="post-publish" onClick={() => void run(p('web.list.publishConfirm', { kind }), () => publish.mutateAsync({ id: post.id }))}>
          <Icon name="send" /> {p('web.list.publish')}
        </Button>
      ) : null}
      {post.state === 'published' ? (
        <>
          <Button size="mini" basic disabled={busy} data-testid="post-pin" onClick={() => void run(null, () => pin.mutateAsync({ id: post.id, pinned: !post.pinned }))}>
            <Icon name="pin" /> {post.pinned ? p('web.list.unpin') : p('web.list.pin')}
          </Button>
          <Button size="mini" basic color="orange" disabled={busy} data-testid="post-withdraw" onClick={() => void run(p('web.list.withdrawConfirm', { kind }), () => withdraw.mutateAsync(post.id))}>
            <Icon name="undo" /> {p('web.list.withdraw')}
          </Button>
        </>
      ) : null}
      <Button size="mini" basic color="red" disabled={busy} data-testid="post-delete" onClick={() => void run(p('web.list.removeConfirm', { kind }), () => remove.mutateAsync(post.id))}>
        <Icon name="trash alternate outline" /> {p('web.list.remove')}
      </Button>
    </span>
  );
}

function PostTitle({ post, box }: { post: PostListItem; box: PostBox }) {
  const { p } = usePublishingT();
  const navigate = useNavigate();
  const unread = box === 'inbox' && !post.readAt;
  return (
    <span className={unread ? 'sf-post-title unread' : 'sf-post-title'}>
      {post.pinned ? (
        <Label size="mini" color="red" className="sf-post-pin" data-testid="post-pinned">
          <Icon name="pin" /> {p('web.list.pinned')}
        </Label>
      ) : null}
      <button type="button" className="sf-link" data-testid="post-open" onClick={() => void navigate(postLink.detail(post.kind, post.id))}>
        {post.title}
      </button>
    </span>
  );
}

/** One box of posts of a kind, paged. */
function PostBoxList({ kind, box, active }: { kind: PostKind; box: PostBox; active: boolean }) {
  const { p } = usePublishingT();
  const paging = usePaging(10);
  const posts = usePosts({ kind, box, current: paging.current, size: paging.size }, active);
  const page = posts.data ?? { total: 0, list: [] };
  const kindText = kindLabel(kind);
  const timeOf = (post: PostListItem) => (post.state === 'scheduled' ? p('web.list.scheduledAt', { time: formatDateTime(post.publishAt) }) : formatDateTime(post.publishedAt));

  const columns: Column<PostListItem>[] = [
    { title: p('web.list.title'), cell: (post) => <PostTitle post={post} box={box} /> },
    ...(box === 'inbox'
      ? [
          { title: p('web.list.author'), narrow: true, props: { singleLine: true }, cell: (post: PostListItem) => post.authorName },
          { title: p('web.list.state'), narrow: true, props: { singleLine: true }, cell: (post: PostListItem) => <ReceiptBadge post={post} /> },
        ]
      : [
          {
            title: p('web.list.state'),
            narrow: true,
            props: { singleLine: true },
            cell: (post: PostListItem) => (
              <Label size="tiny" color={STATE_COLOR[post.state]} data-testid="post-state" data-state={post.state}>
                {stateLabel(post.state)}
              </Label>
            ),
          },
          { title: p('web.list.read'), narrow: true, props: { singleLine: true, 'data-testid': 'post-read' }, cell: (post: PostListItem) => (post.counts ? p('web.list.ratio', { n: post.counts.read, total: post.counts.total }) : '—') },
          { title: p('web.list.confirmed'), narrow: true, props: { singleLine: true }, cell: (post: PostListItem) => (post.counts && post.requireConfirm ? p('web.list.ratio', { n: post.counts.confirmed, total: post.counts.total }) : '—') },
        ]),
    { title: p('web.list.time'), narrow: true, props: { singleLine: true }, cell: timeOf },
    ...(kind === 'homework' ? [{ title: p('web.list.due'), narrow: true, props: { singleLine: true }, cell: (post: PostListItem) => formatDateTime(post.dueAt) }] : []),
    ...(box === 'authored' ? [{ title: p('web.list.actions'), narrow: true, props: { singleLine: true }, cell: (post: PostListItem) => <AuthorActions post={post} /> }] : []),
  ];

  return (
    <>
      <div className="sf-post-refresh">
        <RefreshButton onClick={() => void posts.refetch()} testId={`posts-${box}-refresh`} title={p('web.list.refresh')} />
      </div>
      <ListTable
        testId={`posts-${box}`}
        columns={columns}
        rows={page.list}
        rowKey={(post) => post.id}
        rowProps={(post) => ({ 'data-testid': 'post-row', 'data-id': post.id, 'data-title': post.title, className: box === 'inbox' && !post.readAt ? 'sf-post-unread' : undefined })}
        empty={{ text: box === 'inbox' ? p('web.list.emptyInbox', { kind: kindText }) : p('web.list.emptyAuthored', { kind: kindText }), testId: `posts-${box}-empty` }}
      />
      <Pager total={page.total} current={paging.current} size={paging.size} onPage={paging.setCurrent} onSize={paging.setSize} testId={`posts-${box}-pager`} />
    </>
  );
}

/**
 * A kind's lists: the reader's inbox (unread first, pinned on top — the server's order) and, for those who may
 * publish the kind, their own posts in every state with pin, withdraw and delete.
 */
export function PostLists({ kind, canPublish, active }: { kind: PostKind; canPublish: boolean; active: boolean }) {
  const { p } = usePublishingT();
  const navigate = useNavigate();
  // the box shown (`?box=`): an author's own posts first
  const [chosen, setBox] = useViewParam<PostBox>('box', canPublish ? 'authored' : 'inbox', boxParam);
  const box: PostBox = canPublish ? chosen : 'inbox';
  return (
    <div className="sf-page sf-publishing" data-testid={`publishing-${kind}`}>
      <Segment className="sf-card">
        <CardHead
          icon="bullhorn"
          title={kindLabel(kind)}
          tools={
            canPublish ? (
              <Button primary size="small" data-testid="post-compose" onClick={() => void navigate(postLink.compose(kind))}>
                <Icon name="plus" /> {p('web.list.compose', { kind: kindLabel(kind) })}
              </Button>
            ) : null
          }
        />
        {canPublish ? (
          <Menu pointing secondary className="sf-post-boxes">
            {(['authored', 'inbox'] as const).map((b) => (
              <Menu.Item key={b} active={box === b} data-testid={`posts-box-${b}`} onClick={() => setBox(b)}>
                {p(`web.boxes.${b}`)}
              </Menu.Item>
            ))}
          </Menu>
        ) : null}
        <PostBoxList key={box} kind={kind} box={box} active={active} />
      </Segment>
    </div>
  );
}
