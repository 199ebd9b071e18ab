import { DEFAULT_SCHOOL_TZ, optionalText, parseSchoolTime, requiredText, schoolTimeText } from '@schoolflow/contracts';
import { z } from 'zod';
import type { FormField } from '../engine/flow.js';

export const LOAN_PURPOSE_MAX = 100;
/** docs/product/workflows.md#classroom-loan: the remark is at most 200 characters. */
export const LOAN_REMARK_MAX = 200;

/** 教室借用 (docs/product/workflows.md#classroom-loan): `{classroomId, start, end, purpose, remark?}`. */
export const classroomLoanFormSchema = z
  .object({
    classroomId: z.string({ error: 'validation.classroomRequired' }).uuid('validation.classroomRequired'),
    start: schoolTimeText('validation.startRequired'),
    end: schoolTimeText('validation.endRequired'),
    purpose: requiredText('validation.loanPurposeRequired', LOAN_PURPOSE_MAX, 'validation.loanPurposeTooLong'),
    remark: optionalText(LOAN_REMARK_MAX, 'validation.loanRemarkTooLong'),
  })
  .refine(
    (f) => {
      const start = parseSchoolTime(f.start, DEFAULT_SCHOOL_TZ);
      const end = parseSchoolTime(f.end, DEFAULT_SCHOOL_TZ);
      return start === null || end === null || end > start;
    },
    { message: 'validation.endBeforeStart', path: ['end'] },
  );

export const classroomLoanFields: readonly FormField[] = [
  { name: 'classroomId', kind: 'select', source: true },
  { name: 'start', kind: 'datetime' },
  { name: 'end', kind: 'datetime' },
  { name: 'purpose', kind: 'text', max: LOAN_PURPOSE_MAX },
  { name: 'remark', kind: 'textarea', max: LOAN_REMARK_MAX, optional: true },
];
