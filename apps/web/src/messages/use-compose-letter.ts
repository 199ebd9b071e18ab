import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ComposeLetterBody } from '@schoolflow/contracts';
import { lettersClient, lettersKeys } from './letters-client.js';

/** 发送 / 存草稿: a message written (a draft again by its id); the boxes and counters are read again. */
export function useComposeLetter() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ComposeLetterBody) => lettersClient.compose(body),
    onSettled: () => client.invalidateQueries({ queryKey: lettersKeys.all }),
  });
}
