import { LANGUAGES } from '@schoolflow/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { uiStringKeys } from './ui-strings-client.js';
import { loadOverrides } from './ui-overrides.js';

/**
 * After a change: the overrides merged into this browser's strings — shown without a reload — and then the lists
 * again, so the saved row never shows before the page's own words have it (a test read the shell's old word once).
 */
export function useOverridesChanged() {
  const client = useQueryClient();
  return useCallback(async () => {
    await loadOverrides(LANGUAGES);
    await client.invalidateQueries({ queryKey: uiStringKeys.all });
  }, [client]);
}
