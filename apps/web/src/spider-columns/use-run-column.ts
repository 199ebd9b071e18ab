import { useMutation } from '@tanstack/react-query';
import { spiderClient } from './spider-client.js';

/** "Collect now": the job's id, whose progress the page follows. */
export function useRunColumn() {
  return useMutation({ mutationFn: (id: string) => spiderClient.run(id) });
}
