import { useMutation } from '@tanstack/react-query';
import type { UiStringOverride } from '@schoolflow/contracts';
import { uiStringsClient } from './ui-strings-client.js';
import { useOverridesChanged } from './use-overrides-changed.js';

/** 保存覆盖: the server refuses a key not shipped and words that leave out a placeholder. */
export function useSaveOverride() {
  const changed = useOverridesChanged();
  return useMutation({ mutationFn: (body: UiStringOverride) => uiStringsClient.override(body), onSuccess: () => changed() });
}
