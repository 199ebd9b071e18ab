import { useSearchParams } from 'react-router-dom';

/** The feedback open on a page, kept as `?id=` — what a bell message's link opens. The list's filters stay beside it. */
export function useOpenFeedback(): [string | null, (id: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  return [
    id,
    (next) =>
      setParams((now) => {
        const kept = new URLSearchParams(now);
        if (next) kept.set('id', next);
        else kept.delete('id');
        return kept;
      }),
  ];
}
