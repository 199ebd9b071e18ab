import { periodNames, RoleCode } from '@schoolflow/contracts';
import { defineFlow } from '../kit/define-flow.js';
import { reviewCommands } from '../kit/shared.js';
import { makeUpClassFields, makeUpClassFormSchema } from './make-up-class.form.js';
import { makeUpClassChain } from './make-up-class.machine.js';

/** 补课, declared once: the kit's chain begun as a draft, its commands (SUBMIT first), its form and who starts it. */
export const makeUpClassFlow = defineFlow({
  ...makeUpClassChain.declaration,
  flow: 'make-up-class',
  commands: {
    SUBMIT: { notNow: 'workflow.notDraft', ui: { icon: 'check', tone: 'primary' } },
    ...reviewCommands,
  },
  form: { schema: makeUpClassFormSchema, fields: makeUpClassFields },
  apply: { roles: [RoleCode.teacher, RoleCode.headTeacher], icon: 'calendar plus outline', sort: 8 },
  // what the pages show: the names as they were when asked for, the periods too (a request saved before their names
  // were kept shows the platform's names of its numbers)
  formView: (d) => ({
    classId: d.className,
    courseId: d.courseName,
    date: d.date,
    periods: Array.isArray(d.periodNames) ? d.periodNames : Array.isArray(d.periods) ? d.periods.map((no) => periodNames({ no: Number(no), name: '' })) : [],
    classroomId: d.classroomName ?? undefined,
    reason: d.reason,
  }),
});
