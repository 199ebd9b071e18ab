import { Link } from 'react-router-dom';
import type { PostKind } from '@schoolflow/contracts';
import { EmptyState } from '../../components/empty-state.js';
import { postLink } from '../../publishing/post-links.js';
import { usePosts } from '../../publishing/use-posts.js';
import { formatDateTime } from '../../util/date.js';
import { usePagesT } from '../use-pages-t.js';

/** A publishing list: the reader's own published posts of a column (信息发布's inbox, so each sees what reaches them). */
export function PostsCard({ postKind, size, active }: { postKind: PostKind; size: number; active: boolean }) {
  const { pg } = usePagesT();
  const posts = usePosts({ kind: postKind, box: 'inbox', current: 1, size }, active);
  const list = posts.data?.list ?? [];
  if (list.length === 0) return <EmptyState icon="bullhorn" text={pg('view.noPosts')} testId="cp-posts-empty" />;
  return (
    <ul className="sf-cp-posts" data-testid="cp-posts">
      {list.map((post) => (
        <li key={post.id}>
          <Link to={postLink.detail(post.kind, post.id)}>{post.title}</Link>
          <span className="sf-hint">{formatDateTime(post.publishedAt)}</span>
        </li>
      ))}
    </ul>
  );
}
