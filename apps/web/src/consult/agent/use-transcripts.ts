import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { consultClient, consultKeys, type TranscriptFilter } from '../consult-client.js';

/** 咨询记录: a page of conversations by a word and a state. */
export function useTranscripts(f: TranscriptFilter) {
  return useQuery({ queryKey: consultKeys.transcripts(f.q, f.state, f.page), queryFn: ({ signal }) => consultClient.transcripts(f, signal), placeholderData: keepPreviousData });
}
