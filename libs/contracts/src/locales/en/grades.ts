import type { GradesMessages } from '../zh/grades.js';

export const grades: GradesMessages = {
  done: {
    opened: 'Entry has begun: {{count}} score sheets',
    saved: 'Saved',
    published: 'Published; students and parents have been told',
  },
  /** Pages (each helper's own section). */
  entry: {},
  confirmation: {},
  sheet: {},
  analysis: {},
  report: {},
  errors: {
    sheetNotFound: 'No such score sheet',
    sheetLocked: 'The sheet has been submitted or passed and cannot be changed',
    notYourSheet: 'You may enter only the sheets of your own teaching',
    sheetIncomplete: 'Some students have no score yet: mark them absent or exempt, then submit',
    batchNotFound: 'No such batch',
    batchAlreadyOpened: 'Entry of this batch has already begun',
    batchDisabled: 'The batch is disabled',
    batchNoClasses: 'The grade has no class in school',
    batchNotOpened: 'Entry of this batch has not begun',
    batchOpenedLocked: 'Entry has begun: the semester, exam node, grade and courses can no longer change',
    noTeacher: 'These classes have no teacher for the course (set the teacher or the head teacher first): {{sheets}}',
    unpassedSheets: 'These sheets have not passed review: {{sheets}}',
    alreadyPublished: 'The batch is already published',
    noGradingSystem: 'No grading system set for the course',
    notOnBatch: 'This course is not examined in the batch',
    reportForbidden: 'You may read only your own (or your child\'s) grades',
    noStudentsInClass: 'The class has no students',
    startedByEngine: 'Grade confirmations start by themselves when entry of a batch begins',
    jobNotFound: 'No such job',
    jobNotDone: 'The job has not finished',
  },
};
