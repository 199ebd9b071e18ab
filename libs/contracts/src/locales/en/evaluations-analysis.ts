import type { EvaluationsAnalysisMessages } from '../zh/evaluations-analysis.js';

export const evaluationsAnalysis: EvaluationsAnalysisMessages = {
  round: 'Round',
  class: 'Class',
  chooseRound: 'Choose a round',
  chooseClass: 'Choose a class',
  student: 'Student',
  studentNo: 'Student no.',
  average: 'Average',
  comment: 'Head teacher’s comment',
  export: 'Export to Excel',
  exporting: 'Exporting…',
  distributions: 'Levels per content',
  none: 'Not evaluated',
  precisionNote: 'Precision: {{precision}}',
  empty: 'No results yet',
  sheetName: 'Evaluation results',
  progress: 'Progress',
};
