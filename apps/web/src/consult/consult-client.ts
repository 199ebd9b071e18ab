import {
  CONSULT_VISITOR_HEADER,
  type ConsultConversation,
  type ConsultMessage,
  type ConsultQueue,
  type ConsultSession,
  type ConsultStartInput,
  type ConsultTranscriptPage,
} from '@schoolflow/contracts';
import { requestBlob, requestData } from '../api/http.js';

/** Query keys of consultation: the visitor's session, the agents' queue, one conversation, transcripts. */
export const consultKeys = {
  all: ['consult'] as const,
  visitor: (token: string) => ['consult', 'visitor', token] as const,
  queue: ['consult', 'queue'] as const,
  conversation: (id: string) => ['consult', 'conversation', id] as const,
  transcripts: (q: string, state: string, page: number) => ['consult', 'transcripts', q, state, page] as const,
};

export interface ConversationDetail {
  conversation: ConsultConversation;
  messages: ConsultMessage[];
}

export interface TranscriptFilter {
  q: string;
  state: string;
  page: number;
}

const base = '/api/consult';

/** The calls of consultation (docs/product/consultation.md); messages themselves go over the socket. */
export const consultClient = {
  start(input: ConsultStartInput, token: string | null): Promise<ConsultSession> {
    return requestData<ConsultSession>('/anon/consult/sessions', { method: 'POST', json: input, headers: token ? { [CONSULT_VISITOR_HEADER]: token } : {} });
  },
  resume(token: string, signal?: AbortSignal): Promise<ConsultSession> {
    return requestData<ConsultSession>('/anon/consult/sessions/current', { headers: { [CONSULT_VISITOR_HEADER]: token }, signal });
  },
  queue(signal?: AbortSignal): Promise<ConsultQueue> {
    return requestData<ConsultQueue>(`${base}/queue`, { signal });
  },
  conversation(id: string, signal?: AbortSignal): Promise<ConversationDetail> {
    return requestData<ConversationDetail>(`${base}/${id}`, { signal });
  },
  accept(id: string): Promise<ConsultConversation> {
    return requestData<ConsultConversation>(`${base}/${id}/accept`, { method: 'POST' });
  },
  transfer(id: string, agentId: string): Promise<ConsultConversation> {
    return requestData<ConsultConversation>(`${base}/${id}/transfer`, { method: 'POST', json: { agentId } });
  },
  close(id: string, note: string): Promise<ConsultConversation> {
    return requestData<ConsultConversation>(`${base}/${id}/close`, { method: 'POST', json: { note } });
  },
  transcripts(f: TranscriptFilter, signal?: AbortSignal): Promise<ConsultTranscriptPage> {
    return requestData<ConsultTranscriptPage>(`${base}/transcripts`, { query: { q: f.q, state: f.state, page: f.page, size: 20 }, signal });
  },
  exportFile(f: Pick<TranscriptFilter, 'q' | 'state'>): Promise<Blob> {
    return requestBlob(`${base}/transcripts/export?${new URLSearchParams({ q: f.q, state: f.state }).toString()}`);
  },
};
