import { describe, expect, it } from '@jest/globals';
import { GradePermission } from '@schoolflow/contracts';
import type { Principal } from '../../infrastructure/http/request-context.js';
import { countsInAnalysis, countsInAnalysisSql, mayReadSheet, sheetReader } from './sheet-access.js';

const sheet = { teacherId: 'chinese-teacher', participants: ['chinese-teacher', 'office'], headTeacherId: 'head' };
const principal = (userId: string, permissions: string[] = []): Principal => ({ userId, permissions: new Set(permissions) }) as unknown as Principal;
const reader = (userId: string, manager = false) => ({ userId, manager });

describe('a sheet is read by its teacher, its reviewers, the class’s head teacher and managers', () => {
  it('each fact lets its holder read; anyone else is refused', () => {
    for (const who of ['chinese-teacher', 'office', 'head']) expect(mayReadSheet(principal(who), sheet)).toBe(true);
    expect(mayReadSheet(principal('maths-teacher'), sheet)).toBe(false);
    expect(mayReadSheet(principal('principal', [GradePermission.manage]), sheet)).toBe(true);
    expect(sheetReader(principal('principal', [GradePermission.manage]))).toEqual({ userId: 'principal', manager: true });
  });
});

describe('issue 32 finding 3: what the analysis counts of a sheet', () => {
  it('a draft or a sheet sent back counts only for those who may read it', () => {
    for (const review of ['unreviewed', 'rejected']) {
      expect(countsInAnalysis(reader('maths-teacher'), { ...sheet, review })).toBe(false);
      expect(countsInAnalysis(reader('chinese-teacher'), { ...sheet, review })).toBe(true);
      expect(countsInAnalysis(reader('head'), { ...sheet, review })).toBe(true);
      expect(countsInAnalysis(reader('anyone', true), { ...sheet, review })).toBe(true);
    }
  });

  it('a sheet submitted or passed counts for every reader', () => {
    for (const review of ['pending', 'passed']) expect(countsInAnalysis(reader('maths-teacher'), { ...sheet, review })).toBe(true);
  });

  it('as SQL: the same statuses and every fact of the rule, over the columns named, with the reader’s placeholders', () => {
    const sql = countsInAnalysisSql({ teacherId: 's.teacher_id', participants: 'i.participants', headTeacherId: 'c.head_teacher_id', review: 'i.review_status' }, { userId: '$5', manager: '$6' });
    expect(sql).toBe("(i.review_status IN ('pending', 'passed') OR $6::boolean OR s.teacher_id = $5::uuid OR $5::uuid = ANY(i.participants) OR c.head_teacher_id = $5::uuid)");
  });
});
