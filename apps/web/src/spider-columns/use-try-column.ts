import { useMutation } from '@tanstack/react-query';
import type { SpiderTryBody } from '@schoolflow/contracts';
import { spiderClient } from './spider-client.js';

/** "Try the selectors": the page read once, nothing saved. */
export function useTryColumn() {
  return useMutation({ mutationFn: (body: SpiderTryBody) => spiderClient.tryOut(body) });
}
