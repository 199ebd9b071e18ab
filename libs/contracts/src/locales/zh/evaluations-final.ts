import type { DeepStrings } from './surveys.js';

/** Evaluations — part 3, the final-term evaluation flow (期末学业评价; eval-final's file). A part of the `evaluations` namespace. */
export const evaluationsFinal = {
  title: '期末学业评价',
} as const;
export type EvaluationsFinalMessages = DeepStrings<typeof evaluationsFinal>;
