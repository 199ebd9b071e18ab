import { z } from 'zod';
import type { FitnessItem, FitnessRating } from './health/fitness-standard.js';
import { HEALTH_BASE, HEALTH_MANAGE, type RiskLevel } from './resources/health.resource.js';
import { RoleCode } from './permissions.js';

export * from './health/fitness-standard.js';

/**
 * 健康管理 (DESIGN §15 `/server/api/health`; docs/product/campus-life.md#health-care, docs/adr/0054-health.md): the
 * infirmary's visits, conditions with a risk level, physical exams scored by the national fitness standard, and
 * insurance — four resources of the kit under `/api/health/{resource}` — plus a student's own page and the risk flag.
 */
export const healthPath = {
  /** `GET ?studentId=` → `MyHealth`: a student's own records, a parent's child's (the first when none is named). */
  mine: `${HEALTH_BASE}/mine`,
  /** `GET` → `StudentRisk`: the flag of one student's page (the doctor, the student's head teacher; 403 to others, logged). */
  risk: (studentId: string): string => `${HEALTH_BASE}/students/${studentId}/risk`,
  /**
   * `POST {studentIds}` → `StudentRiskFlags`: the medium/high flags of a page of students (the students list's badge
   * column), in one query. POST because a page holds up to 1000 ids, too long for an address. The doctor reads every
   * student's, a head teacher their classes' (others are left out, not refused); anyone else 403, logged.
   */
  risks: `${HEALTH_BASE}/student-risks`,
} as const;

/** The most ids one risk query names: the largest page of a list. */
export const RISK_QUERY_MAX = 1000;
export const studentRisksQuerySchema = z.object({ studentIds: z.array(z.string().uuid('validation.invalid'), { error: 'validation.invalid' }).max(RISK_QUERY_MAX, 'validation.invalid') });
export type StudentRisksQuery = z.infer<typeof studentRisksQuerySchema>;
/** The students of the query whose highest active risk is medium or high (the badge); the rest are not named. */
export interface StudentRiskFlags {
  flags: { studentId: string; risk: RiskLevel }[];
}

/** The school doctor: reads and writes every student's health records. */
export const HEALTH_MANAGE_PERMISSION = HEALTH_MANAGE;
/** A student's and a parent's own page. */
export const HEALTH_MINE_PERMISSION = 'health:mine';
/** The doctor's role (demo account `doctor`). */
export const DOCTOR_ROLE = RoleCode.doctor;

/**
 * The pages (docs/adr/0054-health.md#routes), under 健康管理 (jkgl): the four lists for the doctor (a head teacher
 * reads their classes' rows in them), and 我的健康 for students and parents.
 */
export const HEALTH_PAGES = [
  { url: '/jkgl/jzjl', key: 'visits', resource: 'health-visits', sort: 1, icon: 'medkit', permission: HEALTH_MANAGE, write: HEALTH_MANAGE, roles: [RoleCode.headTeacher], writers: [DOCTOR_ROLE] },
  { url: '/jkgl/jkzk', key: 'conditions', resource: 'health-conditions', sort: 2, icon: 'heartbeat', permission: HEALTH_MANAGE, write: HEALTH_MANAGE, roles: [RoleCode.headTeacher], writers: [DOCTOR_ROLE] },
  { url: '/jkgl/tjlr', key: 'exams', resource: 'physical-exams', sort: 3, icon: 'child', permission: HEALTH_MANAGE, write: HEALTH_MANAGE, roles: [RoleCode.headTeacher], writers: [DOCTOR_ROLE] },
  { url: '/jkgl/bxjl', key: 'insurance', resource: 'health-insurance', sort: 4, icon: 'shield alternate', permission: HEALTH_MANAGE, write: HEALTH_MANAGE, roles: [RoleCode.headTeacher], writers: [DOCTOR_ROLE] },
  { url: '/jkgl/wdjk', key: 'mine', resource: null, sort: 5, icon: 'user md', permission: HEALTH_MINE_PERMISSION, write: null, roles: [RoleCode.student, RoleCode.parent], writers: [] },
] as const;

export const myHealthQuerySchema = z.object({ studentId: z.preprocess((v) => (v === '' ? undefined : v), z.string().uuid('validation.invalid').optional()) });
export type MyHealthQuery = z.infer<typeof myHealthQuerySchema>;

export interface HealthVisitRow {
  id: string;
  visitedOn: string;
  complaint: string;
  diagnosis: string;
  treatment: string;
  outcome: string;
}
export interface HealthConditionRow {
  id: string;
  name: string;
  riskLevel: RiskLevel;
  diagnosedOn: string | null;
  description: string;
  careAdvice: string;
  active: boolean;
}
export interface PhysicalExamRow {
  id: string;
  examDate: string;
  heightCm: number;
  weightKg: number;
  bmi: number | null;
  scores: Partial<Record<FitnessItem, number>>;
  totalScore: number | null;
  rating: FitnessRating | null;
}
export interface InsuranceRow {
  id: string;
  insurer: string;
  policyNo: string;
  plan: string;
  startDate: string;
  endDate: string;
}

/** One student's records as they and their family read them. */
export interface MyHealth {
  /** The children a parent may choose between (a student: themself). */
  students: { id: string; name: string; studentNo: string }[];
  student: { id: string; name: string; studentNo: string } | null;
  risk: RiskLevel | null;
  visits: HealthVisitRow[];
  conditions: HealthConditionRow[];
  exams: PhysicalExamRow[];
  insurance: InsuranceRow[];
}

/** The flag on a student's page: the highest risk of their active conditions (null: none). */
export interface StudentRisk {
  studentId: string;
  risk: RiskLevel | null;
  conditions: { name: string; riskLevel: RiskLevel }[];
}
