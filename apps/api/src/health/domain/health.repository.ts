import { Injectable } from '@nestjs/common';
import type { HealthConditionRow, HealthVisitRow, InsuranceRow, PhysicalExamRow, RiskLevel } from '@schoolflow/contracts';
import { type Db, rows } from '../../infrastructure/database/query-rows.js';

export type { Db };

/** A student as the health pages name them, with what decides who may read their records. */
export interface HealthStudent {
  id: string;
  name: string;
  student_no: string;
  gender: 'M' | 'F';
  grade: number | null;
  class_name: string | null;
  class_name_en: string | null;
  head_teacher_id: string | null;
  user_id: string | null;
}

export interface ConditionRecord {
  id: string;
  student_id: string;
  name: string;
  risk_level: RiskLevel;
  care_advice: string;
  active: boolean;
}

const STUDENT = `SELECT s.id, s.name, s.student_no, s.gender, c.grade, c.name AS class_name, c.name_en AS class_name_en, c.head_teacher_id, s.user_id
  FROM student s LEFT JOIN admin_class c ON c.id = s.class_id`;

/** Health care's SQL (tables health_visit, health_condition, health_exam, health_insurance; docs/adr/0054-health.md#tables). */
@Injectable()
export class HealthRepository {
  async student(db: Db, id: string): Promise<HealthStudent | null> {
    const [row] = await rows<HealthStudent>(db, `${STUDENT} WHERE s.id = $1`, [id]);
    return row ?? null;
  }

  /** Sex and grade of each student named (what an exam is scored by). */
  students(db: Db, ids: readonly string[]): Promise<HealthStudent[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return rows<HealthStudent>(db, `${STUDENT} WHERE s.id = ANY($1::uuid[])`, [ids]);
  }

  /** The students of the classes `userId` is head teacher of. */
  async ledStudentIds(db: Db, userId: string): Promise<string[]> {
    return (await rows<{ id: string }>(db, `SELECT s.id FROM student s JOIN admin_class c ON c.id = s.class_id WHERE c.head_teacher_id = $1`, [userId])).map((r) => r.id);
  }

  /** The students a family account reads: a student's own record, a parent's children. */
  familyStudents(db: Db, userId: string): Promise<{ id: string; name: string; studentNo: string }[]> {
    return rows(
      db,
      `SELECT s.id, s.name, s.student_no AS "studentNo" FROM student s
        WHERE s.user_id = $1 OR s.id IN (SELECT g.student_id FROM guardian g WHERE g.user_id = $1)
        ORDER BY s.student_no`,
      [userId],
    );
  }

  async condition(db: Db, id: string): Promise<ConditionRecord | null> {
    const [row] = await rows<ConditionRecord>(db, `SELECT id, student_id, name, risk_level, care_advice, active FROM health_condition WHERE id = $1`, [id]);
    return row ?? null;
  }

  activeConditions(db: Db, studentId: string): Promise<{ name: string; riskLevel: RiskLevel }[]> {
    return rows(
      db,
      `SELECT name, risk_level AS "riskLevel" FROM health_condition WHERE student_id = $1 AND active
        ORDER BY CASE risk_level WHEN 'high' THEN 0 WHEN 'medium' THEN 1 ELSE 2 END, name`,
      [studentId],
    );
  }

  /**
   * The highest active risk of each named student whose highest is medium or high, in one statement; `headTeacherId`
   * narrows them to that head teacher's classes' students (null: every student).
   */
  riskFlags(db: Db, studentIds: readonly string[], headTeacherId: string | null): Promise<{ studentId: string; risk: RiskLevel }[]> {
    if (studentIds.length === 0) return Promise.resolve([]);
    return rows(
      db,
      `SELECT h.student_id AS "studentId", (array_agg(h.risk_level ORDER BY CASE h.risk_level WHEN 'high' THEN 0 WHEN 'medium' THEN 1 ELSE 2 END))[1] AS risk
         FROM health_condition h JOIN student s ON s.id = h.student_id LEFT JOIN admin_class c ON c.id = s.class_id
        WHERE h.student_id = ANY($1::uuid[]) AND h.active AND h.risk_level IN ('medium', 'high')
          AND ($2::uuid IS NULL OR c.head_teacher_id = $2::uuid)
        GROUP BY h.student_id`,
      [studentIds, headTeacherId],
    );
  }

  visits(db: Db, studentId: string): Promise<HealthVisitRow[]> {
    return rows(db, `SELECT id, to_char(visited_on, 'YYYY-MM-DD') AS "visitedOn", complaint, diagnosis, treatment, outcome FROM health_visit WHERE student_id = $1 ORDER BY visited_on DESC, created_at DESC`, [studentId]);
  }

  conditions(db: Db, studentId: string): Promise<HealthConditionRow[]> {
    return rows(
      db,
      `SELECT id, name, risk_level AS "riskLevel", to_char(diagnosed_on, 'YYYY-MM-DD') AS "diagnosedOn", description, care_advice AS "careAdvice", active
         FROM health_condition WHERE student_id = $1 ORDER BY active DESC, diagnosed_on DESC NULLS LAST`,
      [studentId],
    );
  }

  async exams(db: Db, studentId: string): Promise<PhysicalExamRow[]> {
    const list = await rows<PhysicalExamRow & { heightCm: string; weightKg: string; bmi: string | null; totalScore: string | null }>(
      db,
      `SELECT id, to_char(exam_date, 'YYYY-MM-DD') AS "examDate", height_cm AS "heightCm", weight_kg AS "weightKg", bmi, item_scores AS scores, total_score AS "totalScore", rating
         FROM health_exam WHERE student_id = $1 ORDER BY exam_date DESC`,
      [studentId],
    );
    // numeric arrives as text
    return list.map((e) => ({ ...e, heightCm: Number(e.heightCm), weightKg: Number(e.weightKg), bmi: e.bmi === null ? null : Number(e.bmi), totalScore: e.totalScore === null ? null : Number(e.totalScore) }));
  }

  insurance(db: Db, studentId: string): Promise<InsuranceRow[]> {
    return rows(
      db,
      `SELECT id, insurer, policy_no AS "policyNo", plan, to_char(start_date, 'YYYY-MM-DD') AS "startDate", to_char(end_date, 'YYYY-MM-DD') AS "endDate"
         FROM health_insurance WHERE student_id = $1 ORDER BY end_date DESC`,
      [studentId],
    );
  }

  /** The scores of one exam, written by the kit's plugin with its measurements. */
  async storeScores(db: Db, examId: string, itemScores: Record<string, number>): Promise<void> {
    await db.query(`UPDATE health_exam SET item_scores = $2::jsonb WHERE id = $1`, [examId, JSON.stringify(itemScores)]);
  }
}

/** The highest risk of the active conditions (null: none). */
export function highestRisk(conditions: readonly { riskLevel: RiskLevel }[]): RiskLevel | null {
  for (const level of ['high', 'medium', 'low'] as const) if (conditions.some((c) => c.riskLevel === level)) return level;
  return null;
}
