import type { EvaluationsMessages } from '../zh/evaluations.js';
import { evaluationsAnalysis } from './evaluations-analysis.js';
import { evaluationsFinal } from './evaluations-final.js';
import { evaluationsSettings } from './evaluations-settings.js';
import { evaluationsSheet } from './evaluations-sheet.js';

export const evaluations: EvaluationsMessages = {
  page: {
    group: 'Evaluations',
    settings: 'Evaluation settings',
    evaluate: 'Three-level evaluation',
    analysis: 'Evaluation analysis',
  },
  roles: { self: 'Self', peer: 'Peers', head: 'Head teacher', subject: 'Subject teachers', parent: 'Parents' },
  precision: { 0: 'No decimals', 1: 'One decimal', 2: 'Two decimals' },
  phases: { upcoming: 'Not started', open: 'Open', closed: 'Closed' },
  levels: { theme: 'Theme', content: 'Content', level: 'Level' },
  errors: {
    forbidden: 'You have no permission to manage evaluations; contact the administrator',
    templateNotFound: 'The evaluation template does not exist',
    roundNotFound: 'The evaluation round does not exist',
    templateNameUsed: 'The template name has been used',
    roundNameUsed: 'The round name has been used',
    templateInUse: 'A round uses this template: only its name, description and precision can change',
    templateDeleteInUse: 'A round uses this template: it cannot be deleted',
    roundDeleteStarted: 'The round has evaluations entered: it cannot be deleted',
    schoolYearNotFound: 'The school year does not exist',
    semesterNotFound: 'The semester does not exist',
    templateOfOtherYear: 'The template belongs to another school year than the semester',
    classesNotFound: 'The chosen grades or classes do not exist or have no students',
    notEvaluator: 'You are not an evaluator of this kind for this class: no access permission',
    notInWindow: 'Outside the evaluation window: nothing was saved',
    studentNotInSheet: 'Some students are not among those you evaluate',
    contentNotInSheet: 'Some contents do not belong to this sheet',
    scoreOutOfRange: 'The score of “{{name}}” must be between 0 and {{max}}',
    notYourClass: 'You can only see the results of your own class',
    statisticsError: 'Statistics error',
  },
  settings: evaluationsSettings,
  sheet: evaluationsSheet,
  analysis: evaluationsAnalysis,
  final: evaluationsFinal,
};
