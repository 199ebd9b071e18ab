import { useSearchParams } from 'react-router-dom';

/** The feedback open on a page, kept as `?id=` — what a bell message's link opens. */
export function useOpenFeedback(): [string | null, (id: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  return [id, (next) => setParams(next ? { id: next } : {})];
}
