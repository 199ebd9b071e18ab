import type { FlowDefinition, ReviewStatus } from '@schoolflow/workflows';
import type { FlowHold, HeldRows } from '../../workflow/domain/flow-hold.js';
import { reviewMoved } from './effect-checks.js';

/**
 * What a request's hold (a loan's booking, a change's lessons and rooms) becomes as its review moves: passed, it
 * stands (its rows `passed`); rejected or withdrawn, it goes and the time is free again; otherwise it holds. One rule
 * for the effects that write it (settleBookings, settleChanges) and the evolve the rebuild folds (requestHold).
 */
export function settlementOf(review: ReviewStatus | null): 'stand' | 'release' | null {
  if (review === 'passed') return 'stand';
  if (review === 'rejected' || review === 'withdrawn') return 'release';
  return null;
}

/** A request's hold (FlowHold) in these tables: settled by the event that moves its review, once its effect applied. */
export function requestHold(definition: FlowDefinition, tables: readonly string[]): FlowHold {
  return {
    tables,
    evolve(rows, event): HeldRows {
      if (!event.applied) return rows;
      const settle = settlementOf(reviewMoved(definition, event.before, event.after));
      if (settle === null) return rows;
      return Object.fromEntries(
        Object.entries(rows).map(([table, list]) => [table, settle === 'release' ? [] : list.map((r) => (r.status === 'pending' ? { ...r, status: 'passed' } : r))]),
      );
    },
  };
}
