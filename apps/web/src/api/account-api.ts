import { ApiPath, type SessionView } from '@schoolflow/contracts';
import { request, requestData } from './http.js';

/** The signed-in user's own account: their sessions (signed-in devices). */
export const accountApi = {
  async mySessions(signal?: AbortSignal): Promise<SessionView[]> {
    const list = await requestData<SessionView[]>(ApiPath.mySessions, { signal });
    return Array.isArray(list) ? list : [];
  },
  /** Ends every session but this one; answers the server's message. */
  async endOtherSessions(): Promise<string> {
    return (await request<unknown>(ApiPath.endMyOtherSessions, { method: 'POST' })).msg;
  },
};
