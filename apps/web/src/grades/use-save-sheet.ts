import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveSheetInput } from '@schoolflow/contracts';
import { gradesClient, gradesKeys, type SheetRef } from './grades-client.js';

/**
 * Saves changed rows of a sheet as a draft. The lists' counts go stale (entered / total); the sheet itself is not
 * read again — the form already holds what was saved. A refusal is left to the page (a 400 names its row).
 */
export function useSaveSheet(ref: SheetRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveSheetInput) => gradesClient.save(ref, body),
    onSuccess: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: gradesKeys.mySheets }), client.invalidateQueries({ queryKey: ['grades', 'batch-sheets'] })]);
    },
  });
}
