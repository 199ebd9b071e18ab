import type { MessageTemplates } from '../zh/messages.js';

export const messages: MessageTemplates = {
  leaveTask: { title: 'Leave request to review', content: '{{student}} ({{className}}) asks for {{leaveType}} from {{start}} to {{end}}, {{days}} days. Please review.' },
  leaveStepApproved: { title: 'Leave request moved on', content: "{{actor}} approved {{student}}'s leave request; it now waits for {{next}}." },
  leaveApproved: { title: 'Leave approved', content: "{{student}}'s leave ({{start}} to {{end}}) is approved." },
  leaveRejected: { title: 'Leave not approved', content: "{{actor}} rejected {{student}}'s leave request. Reason: {{reason}}" },
  leaveWithdrawn: { title: 'Leave request withdrawn', content: "{{student}}'s leave request was withdrawn by the applicant; no review is needed." },
  leaveReturned: { title: 'Back from leave', content: '{{student}} returned to school at {{returnedAt}}.' },
  leaveSkipped: { title: 'Review step passed on', content: "The applicant is this step's reviewer, so {{student}}'s leave request went on to {{next}}." },
  reminder: { title: 'Review reminder', content: "{{student}}'s leave request has waited for your review for more than {{hours}} hours." },
  transferred: { title: 'A request handed to you', content: "{{actor}} handed {{subject}}'s {{flow}} request to you for review." },
  copied: { title: 'A request copied to you', content: "{{actor}} copied {{subject}}'s {{flow}} request to you; you can read it on its page." },
  urged: { title: 'Please review', content: '{{actor}} asks you to review the {{flow}} request ({{subject}}) soon.' },
  flowTask: { title: 'A {{flow}} request to review', content: "{{student}} ({{className}}) has a {{flow}} request waiting for your review." },
  flowStepApproved: { title: 'Your {{flow}} request moved on', content: "{{actor}} approved {{student}}'s {{flow}} request; it now waits for {{next}}." },
  flowApproved: { title: 'Approved: your {{flow}} request', content: "{{student}}'s {{flow}} request is approved." },
  flowRejected: { title: 'Not approved: your {{flow}} request', content: "{{actor}} rejected {{student}}'s {{flow}} request. Reason: {{reason}}" },
  flowWithdrawn: { title: 'Withdrawn: a {{flow}} request', content: "{{student}}'s {{flow}} request was withdrawn by the applicant; no review is needed." },
  flows: { leave: 'leave', travel: 'going-out', 'day-reading': 'day-student', 'classroom-loan': 'classroom loan', 'student-status-change': 'student status change', 'reading-proof': 'certificate of enrollment', 'grade-proof': 'transcript' },
  leaveType: { personal: 'personal leave', sick: 'sick leave' },
  step: { headTeacherReview: 'the head teacher', officeReview: 'the school office', principalReview: 'the principal' },
  system: 'System',
};
