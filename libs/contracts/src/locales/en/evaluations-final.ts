import type { EvaluationsFinalMessages } from '../zh/evaluations-final.js';

export const evaluationsFinal: EvaluationsFinalMessages = {
  title: 'Final-term evaluation',
};
