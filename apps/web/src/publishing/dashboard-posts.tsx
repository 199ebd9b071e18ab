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
  const weekEnd = now.add(6 - now.day(), 'day').endOf('day'); // weeks run Sunday to Saturday, like the week strip
  // the server counts days from now: the week's last day is within 7 - weekday of them (Saturday: 1)
  const notices = usePosts({ kind: 'notice', box: 'inbox', unread: true, current: 1, size: SHOWN }, active);
  const homework = usePosts({ kind: 'homework', box: 'inbox', dueWithinDays: 7 - now.day(), current: 1, size: SHOWN * 2 }, active);
  const unread = notices.data?.list ?? [];
  const unreadTotal = notices.data?.total ?? 0;
  const due = (homework.data?.list ?? []).filter((post) => post.dueAt !== null && !schoolTime(post.dueAt).isAfter(weekEnd));
  return (
    <>
      <Segment className="sf-area" data-testid="dashboard-unread-notices" data-count={unreadTotal}>
        <h3 className="sf-area-title">
          <Icon name="bullhorn" /> {p('web.dashboard.unread')}
          {unreadTotal > 0 ? (
            <Label size="mini" color="red" circular data-testid="dashboard-unread-count">
              {unreadTotal}
            </Label>
          ) : null}
        </h3>
        {unread.length === 0 ? (
          <EmptyState icon="bullhorn" text={p('web.dashboard.unreadEmpty')} testId="dashboard-unread-empty" />
        ) : (
          <ul className="sf-post-card-list">
            {unread.map((post) => (
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
