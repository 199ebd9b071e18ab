import { LANGUAGES } from '@schoolflow/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { uiStringKeys } from './ui-strings-client.js';
import { loadOverrides } from './ui-overrides.js';

/** After a change: the lists again, and the overrides merged into this browser's strings — shown without a reload. */
export function useOverridesChanged() {
  const client = useQueryClient();
  return useCallback(async () => {
    await Promise.all([client.invalidateQueries({ queryKey: uiStringKeys.all }), loadOverrides(LANGUAGES)]);
  }, [client]);
}
