import { useQuery } from '@tanstack/react-query';
import { answeringClient, surveyAnswerKeys } from './answering-client.js';

/**
 * An option picture's object URL, fetched through the paper's own route (the file download needs a session; a public
 * paper has none). Kept for the page's life; a failure shows as no picture.
 */
export function usePaperPicture(surveyId: string, resId: string | null) {
  return useQuery({
    queryKey: surveyAnswerKeys.picture(surveyId, resId ?? ''),
    queryFn: async ({ signal }) => URL.createObjectURL(await answeringClient.picture(surveyId, resId ?? '', signal)),
    enabled: resId !== null,
    staleTime: Infinity,
    meta: { silent: true },
  });
}
