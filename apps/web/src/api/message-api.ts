import { type DictEntry, MESSAGE_TYPE_DICT, MessagePath, type MessageRow } from '@schoolflow/contracts';
import { requestData } from './http.js';

export interface MessageQuery {
  title?: string;
  /** 1-based. */
  page: number;
  size: number;
  /** '0' unread, '1' read, '' all. */
  status?: '0' | '1' | '';
  type?: string;
}

export interface MessagePage {
  count: { COUNT: number; UNREAD: number };
  result: MessageRow[];
}

/** In-site messages (docs/product/shell-and-sign-in.md#in-site-messages: /api/message/info/*). */
export const messageApi = {
  async list(query: MessageQuery, signal?: AbortSignal): Promise<MessagePage> {
    const data = await requestData<MessagePage | undefined>(MessagePath.byRecipient, { json: query, signal });
    return {
      count: { COUNT: Number(data?.count?.COUNT) || 0, UNREAD: Number(data?.count?.UNREAD) || 0 },
      result: Array.isArray(data?.result) ? data.result : [],
    };
  },
  /** Reads one message and marks it read. */
  async one(id: string): Promise<MessageRow | null> {
    const data = await requestData<{ obj?: MessageRow } | undefined>(MessagePath.byId, { json: { id } });
    return data?.obj ?? null;
  },
  async markRead(ids: string[]): Promise<void> {
    await requestData<unknown>(MessagePath.markRead, { json: { ids } });
  },
  async markAllRead(): Promise<void> {
    await requestData<unknown>(MessagePath.markAllRead, { method: 'POST' });
  },
  async messageTypes(): Promise<DictEntry[]> {
    const data = await requestData<Record<string, DictEntry[]> | undefined>(MessagePath.dict, { json: { typeArr: [MESSAGE_TYPE_DICT] } });
    const list = data?.[MESSAGE_TYPE_DICT];
    return Array.isArray(list) ? list : [];
  },
};
