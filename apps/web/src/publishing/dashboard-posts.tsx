import type { Dayjs } from 'dayjs';
import { Link } from 'react-router-dom';
import { Icon, Label, Segment } from 'semantic-ui-react';
import type { PostListItem } from '@schoolflow/contracts';
import { EmptyState } from '../components/empty-state.js';
import { formatDateTime, schoolTime } from '../util/date.js';
import { postLink } from './post-links.js';
import { usePosts } from './use-posts.js';
import { usePostsLive } from './use-posts-live.js';
import { usePublishingT } from './use-publishing-t.js';
import './publishing.css';

/** Rows a card reads: the inbox's first page, where the server puts the unread first. */
const CARD_ROWS = 20;
/** Rows a card shows. */
const SHOWN = 5;

function PostLine({ post, extra }: { post: PostListItem; extra?: string }) {
  return (
    <li data-testid="dashboard-post" data-id={post.id}>
      <Link to={postLink.detail(post.kind, post.id)}>
        {post.pinned ? <Icon name="pin" color="red" /> : null}
        {post.title}
      </Link>
      <span className="sf-hint">{extra ?? formatDateTime(post.publishedAt)}</span>
    </li>
  );
}

/**
 * The home page's publishing cards for students and parents: unread notices, and homework due this week (from now
 * (the dashboard's clock) to the week's end), each opening its post. Live: a notice published or read elsewhere updates them.
 */
export function DashboardPosts({ active, now }: { active: boolean; now: Dayjs }) {
  const { p } = usePublishingT();
  usePostsLive();
  const notices = usePosts({ kind: 'notice', box: 'inbox', current: 1, size: CARD_ROWS }, active);
  const homework = usePosts({ kind: 'homework', box: 'inbox', current: 1, size: CARD_ROWS }, active);
  const unread = (notices.data?.list ?? []).filter((post) => !post.readAt);
  const weekEnd = now.add(6 - now.day(), 'day').endOf('day'); // weeks run Sunday to Saturday, like the week strip
  const due = (homework.data?.list ?? [])
    .filter((post) => post.dueAt !== null && schoolTime(post.dueAt).isAfter(now) && !schoolTime(post.dueAt).isAfter(weekEnd))
    .sort((a, b) => (a.dueAt ?? '').localeCompare(b.dueAt ?? ''));
  return (
    <>
      <Segment className="sf-area" data-testid="dashboard-unread-notices" data-count={unread.length}>
        <h3 className="sf-area-title">
          <Icon name="bullhorn" /> {p('web.dashboard.unread')}
          {unread.length > 0 ? (
            <Label size="mini" color="red" circular data-testid="dashboard-unread-count">
              {unread.length}
            </Label>
          ) : null}
        </h3>
        {unread.length === 0 ? (
          <EmptyState icon="bullhorn" text={p('web.dashboard.unreadEmpty')} testId="dashboard-unread-empty" />
        ) : (
          <ul className="sf-post-card-list">
            {unread.slice(0, SHOWN).map((post) => (
              <PostLine key={post.id} post={post} />
            ))}
          </ul>
        )}
      </Segment>
      <Segment className="sf-area" data-testid="dashboard-due-homework" data-count={due.length}>
        <h3 className="sf-area-title">
          <Icon name="book" /> {p('web.dashboard.due')}
        </h3>
        {due.length === 0 ? (
          <EmptyState icon="book" text={p('web.dashboard.dueEmpty')} testId="dashboard-due-empty" />
        ) : (
          <ul className="sf-post-card-list">
            {due.slice(0, SHOWN).map((post) => (
              <PostLine key={post.id} post={post} extra={p('web.dashboard.dueAt', { time: formatDateTime(post.dueAt) })} />
            ))}
          </ul>
        )}
      </Segment>
    </>
  );
}
