import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PageLayout } from '@schoolflow/contracts';
import { pageKeys, pagesClient } from './pages-client.js';

/** Every page write marks the pages stale: the list, the page, its versions. */
function useStale() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: pageKeys.all });
}

/** 新建页面. */
export function useCreatePage() {
  const stale = useStale();
  return useMutation({ mutationFn: (name: string) => pagesClient.create(name), onSuccess: stale });
}

/** 重命名. */
export function useRenamePage() {
  const stale = useStale();
  return useMutation({ mutationFn: ({ id, name }: { id: string; name: string }) => pagesClient.rename(id, name), onSuccess: stale });
}

/** 发布 / 取消发布. */
export function usePublishPage() {
  const stale = useStale();
  return useMutation({ mutationFn: ({ id, published }: { id: string; published: boolean }) => pagesClient.publish(id, published), onSuccess: stale });
}

/** 删除. */
export function useDeletePage() {
  const stale = useStale();
  return useMutation({ mutationFn: (id: string) => pagesClient.remove(id), onSuccess: stale });
}

/** 保存 the designer's layout, made from `baseVersion`. */
export function useSaveLayout() {
  const stale = useStale();
  return useMutation({ mutationFn: ({ id, layout, baseVersion }: { id: string; layout: PageLayout; baseVersion: number }) => pagesClient.save(id, layout, baseVersion), onSuccess: stale });
}

/** 恢复 a kept version. */
export function useRevertPage() {
  const stale = useStale();
  return useMutation({ mutationFn: ({ id, version }: { id: string; version: number }) => pagesClient.revert(id, version), onSuccess: stale });
}
