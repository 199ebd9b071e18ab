import { FITNESS_RATINGS } from '../health/fitness-standard.js';
import { computed, date, decimal, defineResource, type FieldDef, flag, int, oneOf, ref, text } from './resource-kit.js';

/** Health care lives under its own base (DESIGN §15; docs/product/campus-life.md#health-care): `/api/health/{resource}`. */
export const HEALTH_BASE = '/api/health';
/** Reading and writing every student's health records: the school doctor (and administrators). */
export const HEALTH_MANAGE = 'health:manage';
/** The spec's limit of a student's health input (docs/product/campus-life.md#health-care): at most 1000 characters. */
export const HEALTH_TEXT_MAX = 1000;

export const VISIT_OUTCOMES = ['backToClass', 'rested', 'sentHome', 'hospital'] as const;
export const RISK_LEVELS = ['low', 'medium', 'high'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];
/** A new or raised condition at these levels alerts the student's head teacher and flags the student. */
export const ALERT_RISKS: readonly RiskLevel[] = ['medium', 'high'];

const student = (): FieldDef => ref('students', { required: true });
const health = (required = false): FieldDef => text({ max: HEALTH_TEXT_MAX, required });
const endNotBeforeStart = { message: 'validation.endBeforeStart', path: 'endDate', holds: (v: Record<string, unknown>) => typeof v.startDate !== 'string' || typeof v.endDate !== 'string' || v.endDate >= v.startDate };
/** The head teacher reads their classes' students' records (the plugin's scope); the doctor everyone's. */
const common = { base: HEALTH_BASE, unique: {}, inUse: {}, label: 'studentId', key: 'id', permissions: { read: HEALTH_MANAGE, write: HEALTH_MANAGE }, scopedReaders: ['headteacher'], grants: { write: ['doctor'] } } as const;

/** 就诊记录: a visit to the infirmary — when, what the student complained of, what was found and done, how it ended. */
export const healthVisits = defineResource({
  ...common,
  name: 'health-visits',
  table: 'health_visit',
  fields: {
    studentId: student(),
    visitedOn: date({ required: true }),
    complaint: health(true),
    diagnosis: health(),
    treatment: health(),
    outcome: oneOf('visitOutcome', VISIT_OUTCOMES, { required: true }),
  },
  list: { columns: ['studentId', 'visitedOn', 'complaint', 'diagnosis', 'outcome'], filters: ['studentId', 'outcome'], keyword: ['complaint', 'diagnosis'], sort: [['visitedOn', 'DESC']] },
  excel: { columns: ['studentId', 'visitedOn', 'complaint', 'diagnosis', 'treatment', 'outcome'], importMaxKb: 500 },
  actions: ['list', 'read', 'create', 'update', 'delete', 'import', 'export'],
});

/**
 * 健康状况: a condition the school must know of (asthma, a heart condition, an allergy) with its risk level; a new
 * medium or high one alerts the head teacher and flags the student (docs/product/campus-life.md#health-care).
 */
export const healthConditions = defineResource({
  ...common,
  name: 'health-conditions',
  table: 'health_condition',
  fields: {
    studentId: student(),
    name: text({ max: 50, required: true }),
    riskLevel: oneOf('riskLevel', RISK_LEVELS, { required: true }),
    diagnosedOn: date(),
    description: health(),
    careAdvice: health(),
    active: flag(true),
  },
  list: { columns: ['studentId', 'name', 'riskLevel', 'diagnosedOn', 'active'], filters: ['studentId', 'riskLevel', 'active'], keyword: ['name', 'description'], sort: [['diagnosedOn', 'DESC']] },
  actions: ['list', 'read', 'create', 'update', 'delete', 'export'],
});

/**
 * 体检录入: one student's physical exam — the measurements of the national fitness standard; BMI, the items' scores,
 * the total and its rating are computed by the server (fitness-standard.ts) from the student's sex and grade.
 */
export const physicalExams = defineResource({
  ...common,
  name: 'physical-exams',
  table: 'health_exam',
  fields: {
    studentId: student(),
    examDate: date({ required: true }),
    heightCm: decimal({ min: 50, max: 250, scale: 1, required: true }),
    weightKg: decimal({ min: 10, max: 250, scale: 1, required: true }),
    vitalCapacity: int({ min: 0, max: 10000 }),
    sprint50m: decimal({ min: 4, max: 30, scale: 1 }),
    sitAndReach: decimal({ min: -50, max: 50, scale: 1 }),
    standingLongJump: int({ min: 0, max: 400 }),
    strength: int({ min: 0, max: 200 }),
    enduranceRun: int({ min: 60, max: 1200 }),
    remark: health(),
    bmi: computed('decimal', 'bmi'),
    totalScore: computed('decimal', 'total_score'),
    rating: { ...oneOf('fitnessRating', FITNESS_RATINGS), column: 'rating', readOnly: true },
  },
  list: { columns: ['studentId', 'examDate', 'heightCm', 'weightKg', 'bmi', 'totalScore', 'rating'], filters: ['studentId', 'rating'], keyword: ['remark'], sort: [['examDate', 'DESC']] },
  excel: { columns: ['studentId', 'examDate', 'heightCm', 'weightKg', 'vitalCapacity', 'sprint50m', 'sitAndReach', 'standingLongJump', 'strength', 'enduranceRun', 'remark'], importMaxKb: 2048 },
  actions: ['list', 'read', 'create', 'update', 'delete', 'import', 'export'],
});

/** 保险记录: a student's insurance policy — insurer, policy number, plan and its dates. */
export const healthInsurance = defineResource({
  ...common,
  name: 'health-insurance',
  table: 'health_insurance',
  fields: {
    studentId: student(),
    insurer: text({ max: 50, required: true }),
    policyNo: text({ max: 50, required: true }),
    plan: text({ max: 50, required: true }),
    startDate: date({ required: true }),
    endDate: date({ required: true }),
    remark: health(),
  },
  rules: [endNotBeforeStart],
  list: { columns: ['studentId', 'insurer', 'policyNo', 'plan', 'startDate', 'endDate'], filters: ['studentId'], keyword: ['insurer', 'policyNo', 'plan'], sort: [['endDate', 'DESC']] },
  excel: { columns: ['studentId', 'insurer', 'policyNo', 'plan', 'startDate', 'endDate', 'remark'], importMaxKb: 500 },
  actions: ['list', 'read', 'create', 'update', 'delete', 'import', 'export'],
});
