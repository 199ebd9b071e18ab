import { RoleCode } from '@schoolflow/contracts';
import { defineFlow } from '../kit/define-flow.js';
import { reviewCommands } from '../kit/shared.js';
import { electiveCourseFields, electiveCourseFormSchema } from './elective-course.form.js';
import { electiveCourseChain } from './elective-course.machine.js';

/** 选修课申报, declared once: teacher → educational administration (office). */
export const electiveCourseFlow = defineFlow({
  ...electiveCourseChain.declaration,
  flow: 'elective-course',
  commands: reviewCommands,
  form: { schema: electiveCourseFormSchema, fields: electiveCourseFields },
  apply: { roles: [RoleCode.teacher], icon: 'book', sort: 10 },
  formView: (d) => ({
    name: d.name,
    description: d.description,
    grades: d.grades,
    capacity: d.capacity,
    minSize: d.minSize,
    slots: d.slots,
    classroomId: d.classroomName ?? d.classroomId ?? undefined,
  }),
});
