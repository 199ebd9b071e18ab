import { RoleCode } from '@schoolflow/contracts';
import { defineFlow } from '../kit/define-flow.js';
import { reviewCommands } from '../kit/shared.js';
import { dutySwapFields, dutySwapFormSchema } from './duty-swap.form.js';
import { dutySwapChain } from './duty-swap.machine.js';

const dutyText = (d: unknown): string => {
  const x = d as { post?: { zh?: string }; startsAt?: string; endsAt?: string; teacherName?: string } | null;
  return x ? `${x.post?.zh ?? ''} ${x.startsAt ?? ''}–${String(x.endsAt ?? '').slice(11)} (${x.teacherName ?? ''})` : '';
};

/** 调岗, declared once: the kit's chain with the colleague's consent first; started from the duty pages (`/qt_app/zgzap`). */
export const dutySwapFlow = defineFlow({
  ...dutySwapChain.declaration,
  flow: 'duty-swap',
  commands: {
    CONSENT: { notNow: 'workflow.notAwaitingConsent', ui: { icon: 'check', tone: 'primary' } },
    ...reviewCommands,
  },
  form: { schema: dutySwapFormSchema, fields: dutySwapFields },
  apply: { roles: [RoleCode.teacher, RoleCode.headTeacher, RoleCode.office, RoleCode.principal, RoleCode.gradeLeader], icon: 'exchange', sort: 13, ownPage: '/qt_app/zgzap' },
  formView: (d) => ({
    assignmentId: dutyText(d.duty),
    withTeacherId: d.withTeacherName,
    withAssignmentId: d.other ? dutyText(d.other) : undefined,
    reason: d.reason,
  }),
});
