import type { WorkflowMessages } from '../zh/workflow.js';

export const workflow: WorkflowMessages = {
  notPending: 'This request has ended; the action is no longer possible',
  notPossible: 'This action is not possible in the current state',
  rejectNeedsReason: 'A rejection needs a reason',
  urgedRecently: 'This request was urged within the last hour; please urge again later',
  notApproved: 'The leave is not approved yet, so it cannot be closed',
  alreadyCancelled: 'The return from this leave is already recorded',
  returnOutsideLeave: 'The actual return time must lie inside the leave',
  unknownAction: 'This action is not supported',
  unknownFlow: 'There is no such approval flow',
  notApplicant: 'Only the student or a parent can apply for leave',
  notYourChild: 'You can only apply for your own child',
  studentNotFound: 'The system has no such student',
  conflict: 'Someone else acted on this request first; refresh to see it',
  submitted: 'The leave request was submitted',
  done: 'Done',
  attachmentNotYours: 'Only pictures you uploaded can be attached',
  attachmentGone: 'A picture is no longer available; please upload it again',
  attachmentNotPicture: 'Leave attachments must be JPG or PNG pictures',
  noHeadTeacher: "The student's class has no head teacher yet, so leave cannot be submitted",
};
