import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ZoubanWindowInput } from '@schoolflow/contracts';
import { zoubanClient, zoubanKeys } from './class-walking-client.js';

/** 新建走班选科: the list reads again once it is saved. */
export function useCreateWindow() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (body: ZoubanWindowInput) => zoubanClient.create(body), onSuccess: () => void client.invalidateQueries({ queryKey: zoubanKeys.windows }) });
}
