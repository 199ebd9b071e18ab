import { AdminPath, type ParkedEventRow, type ParkedReplay } from '@schoolflow/contracts';
import { request, requestData } from '../../api/http.js';

/** Query keys of the monitor's parked events. */
export const parkedKeys = {
  all: ['monitor', 'parked'] as const,
};

/** The server monitor's parked events (docs/adr/0027): the list, and the replay of one. */
export const parkedClient = {
  list(signal?: AbortSignal): Promise<ParkedEventRow[]> {
    return requestData<ParkedEventRow[]>(AdminPath.monitorParked, { signal }).then((list) => (Array.isArray(list) ? list : []));
  },
  /** Answers the server's message; a replay that failed again is an ApiError with the error. */
  async replay(body: ParkedReplay): Promise<string> {
    return (await request<undefined>(AdminPath.monitorReplay, { method: 'POST', json: body })).msg;
  },
};
