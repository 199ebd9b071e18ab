import type { Language } from '@schoolflow/contracts';
import { stateLabel } from '../workflow/labels.js';

/** A sheet's state (its grade-confirmation's: entering.draft, entering.returned, review, passed) as a chip. */
export function SheetState({ state, lang, testId }: { state: string; lang: Language; testId?: string }) {
  const tone = state === 'passed' ? 'passed' : state === 'review' ? 'review' : state === 'entering.returned' ? 'returned' : 'entering';
  return (
    <span className={`sf-sheet-state sf-sheet-state-${tone}`} data-state={state} data-testid={testId}>
      {stateLabel(state, lang)}
    </span>
  );
}
