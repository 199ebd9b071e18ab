import { periodNames, RoleCode } from '@schoolflow/contracts';
import { defineFlow } from '../kit/define-flow.js';
import { reviewCommands } from '../kit/shared.js';
import { classSwapFields, classSwapFormSchema } from './class-swap.form.js';
import { classSwapChain } from './class-swap.machine.js';

/** 调课, declared once: the kit's chain with the other teacher's consent first, its commands, its form and who starts it. */
export const classSwapFlow = defineFlow({
  ...classSwapChain.declaration,
  flow: 'class-swap',
  commands: {
    CONSENT: { notNow: 'workflow.notAwaitingConsent', ui: { icon: 'check', tone: 'primary' } },
    ...reviewCommands,
  },
  form: { schema: classSwapFormSchema, fields: classSwapFields },
  apply: { roles: [RoleCode.teacher, RoleCode.headTeacher], icon: 'exchange', sort: 9 },
  // what the pages show: the names as they were when asked for, the periods' too (a request saved before their names
  // were kept shows the platform's names of its numbers)
  formView: (d) => {
    const other = d.other as { teacherName?: string } | null;
    return {
      classId: d.className,
      fromDate: d.fromDate,
      fromPeriod: d.fromPeriodName ?? periodNames({ no: Number(d.fromPeriod), name: '' }),
      toDate: d.toDate,
      toPeriod: d.toPeriodName ?? periodNames({ no: Number(d.toPeriod), name: '' }),
      withTeacherId: other?.teacherName ?? undefined,
      reason: d.reason,
    };
  },
});
