import { type ComposeLetterAnswer, type ComposeLetterBody, type LetterBox, type LetterClassOption, type LetterDetail, type LetterPage, LetterPath, type MessageCounters } from '@schoolflow/contracts';
import { request, requestData } from '../api/http.js';

export interface LetterBoxParams {
  box: LetterBox;
  page: number;
  size: number;
  title?: string;
}

/**
 * Query keys of the message centre's written messages. Everything sits under `letters`: a send, a trash or restore, a
 * `message.created` push marks boxes, details and counters stale together; the counters are also written directly
 * from a `message.counters` push. Names come in the caller's language (system messages are rendered in it).
 */
export const lettersKeys = {
  all: ['letters'] as const,
  boxes: ['letters', 'box'] as const,
  box: (p: LetterBoxParams, lang: string) => ['letters', 'box', p.box, p.page, p.size, p.title ?? '', lang] as const,
  detail: (id: string, lang: string) => ['letters', 'detail', id, lang] as const,
  counters: ['letters', 'counters'] as const,
  classes: (lang: string) => ['letters', 'classes', lang] as const,
};

const enc = encodeURIComponent;
const NO_PAGE: LetterPage = { total: 0, rows: [] };

/** Written messages' calls (DESIGN §12: `/api/messages`) under BASE_API. */
export const lettersClient = {
  box(p: LetterBoxParams, signal?: AbortSignal): Promise<LetterPage> {
    return requestData<LetterPage>(LetterPath.base, { query: { box: p.box, page: p.page, size: p.size, title: p.title || undefined }, signal }).then((page) => page ?? NO_PAGE);
  },
  detail(id: string, signal?: AbortSignal): Promise<LetterDetail> {
    return requestData<LetterDetail>(LetterPath.one(enc(id)), { signal });
  },
  counters(signal?: AbortSignal): Promise<MessageCounters> {
    return requestData<MessageCounters>(LetterPath.counters, { signal });
  },
  classes(signal?: AbortSignal): Promise<LetterClassOption[]> {
    return requestData<LetterClassOption[]>(LetterPath.classes, { signal }).then((list) => list ?? []);
  },
  async compose(body: ComposeLetterBody): Promise<ComposeLetterAnswer> {
    return (await request<ComposeLetterAnswer>(LetterPath.base, { method: 'POST', json: body })).data as ComposeLetterAnswer;
  },
  trash(id: string): Promise<MessageCounters> {
    return requestData<MessageCounters>(LetterPath.trash(enc(id)), { method: 'POST', json: {} });
  },
  restore(id: string): Promise<MessageCounters> {
    return requestData<MessageCounters>(LetterPath.restore(enc(id)), { method: 'POST', json: {} });
  },
  purge(id: string): Promise<MessageCounters> {
    return requestData<MessageCounters>(LetterPath.one(enc(id)), { method: 'DELETE' });
  },
};
