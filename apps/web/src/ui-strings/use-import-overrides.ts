import { useMutation } from '@tanstack/react-query';
import type { UiStringsImportInput } from '@schoolflow/contracts';
import { uiStringsClient } from './ui-strings-client.js';
import { useOverridesChanged } from './use-overrides-changed.js';

/** 导入覆盖: an export's file; nothing written when an item is refused. */
export function useImportOverrides() {
  const changed = useOverridesChanged();
  return useMutation({ mutationFn: (body: UiStringsImportInput) => uiStringsClient.import(body), onSuccess: () => changed() });
}
