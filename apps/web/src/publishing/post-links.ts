import { PUBLISHING_PAGES, type PostKind } from '@schoolflow/contracts';

/** A kind's page address (`PUBLISHING_PAGES`): its menu's url. */
export function pageOf(kind: PostKind): string {
  return PUBLISHING_PAGES.find((p) => p.kind === kind)?.url ?? `/publishing/${kind}`;
}

/** Where a post opens: its detail (`?id=`), its receipts (`&view=receipts`), or the compose form (`?compose=1`). */
export const postLink = {
  detail: (kind: PostKind, id: string) => `${pageOf(kind)}?id=${encodeURIComponent(id)}`,
  receipts: (kind: PostKind, id: string) => `${pageOf(kind)}?id=${encodeURIComponent(id)}&view=receipts`,
  compose: (kind: PostKind) => `${pageOf(kind)}?compose=1`,
  list: (kind: PostKind) => pageOf(kind),
};
