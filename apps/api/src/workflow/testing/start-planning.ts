import { expect } from '@jest/globals';
import { AppException } from '../../infrastructure/http/app-exception.js';

/**
 * The "then" of a flow's pure start planner's spec (`plan<Flow>Start`; given what the start read, written by hand /
 * when it is planned): the plan (a StartPlan, or what a first pure step decides), or the refusal the server answers —
 * its status, message key and parameters.
 */
export function planned<T>(plan: () => T) {
  return {
    thenPlanned(): T {
      return plan();
    },
    thenRefused(status: number, key: string, params?: Record<string, unknown>): AppException {
      let refusal: unknown = null;
      try {
        plan();
      } catch (err) {
        refusal = err;
      }
      expect(refusal).toBeInstanceOf(AppException);
      const e = refusal as AppException;
      expect([e.status, e.messageKey]).toEqual([status, key]);
      if (params !== undefined) expect(e.params).toEqual(params);
      return e;
    },
  };
}
