import { useMutation } from '@tanstack/react-query';
import type { UiStringKey } from '@schoolflow/contracts';
import { uiStringsClient } from './ui-strings-client.js';
import { useOverridesChanged } from './use-overrides-changed.js';

/** 恢复系统文字: the override removed. */
export function useResetOverride() {
  const changed = useOverridesChanged();
  return useMutation({ mutationFn: (body: UiStringKey) => uiStringsClient.reset(body), onSuccess: () => changed() });
}
