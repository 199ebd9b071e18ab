import { ALERT_RISKS, type FitnessMeasurements, RoleCode, scoreFitness } from '@schoolflow/contracts';
import { type EntityManager, In } from 'typeorm';
import type { ResourcePlugin, Values } from '../../resources/resource-plugin.js';
import type { HealthNotifier } from './health-notifier.js';
import { HealthRepository } from './health.repository.js';

const repo = new HealthRepository();
/** The items' scores computed before a write, stored with the row after it (a column the declaration does not name). */
const SCORES = Symbol('scores');
type Scored = Values & { [SCORES]?: Record<string, number> };

const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);

/** A head teacher reads the rows of their classes' students; anyone else without health:manage none. */
const scope: ResourcePlugin['scope'] = async (me, tx) => {
  if (!me.roles.includes(RoleCode.headTeacher)) return null;
  const ids = await repo.ledStudentIds(tx, me.userId);
  return ids.length ? { studentId: In(ids) } : null;
};

/** BMI, the items' scores, the total and its rating, from the student's sex and grade (docs/adr/0054-health.md#fitness-standard). */
async function score(tx: EntityManager, items: Scored[]): Promise<void> {
  const students = new Map((await repo.students(tx, [...new Set(items.map((v) => String(v.studentId)))])).map((s) => [s.id, s]));
  for (const v of items) {
    const s = students.get(String(v.studentId));
    if (!s) continue; // no such student: the insert's foreign key refuses it, naming the field
    const m: FitnessMeasurements = {
      heightCm: num(v.heightCm), weightKg: num(v.weightKg), vitalCapacity: num(v.vitalCapacity), sprint50m: num(v.sprint50m),
      sitAndReach: num(v.sitAndReach), standingLongJump: num(v.standingLongJump), strength: num(v.strength), enduranceRun: num(v.enduranceRun),
    };
    const r = scoreFitness(m, s.gender, s.grade ?? 0);
    v.bmi = r.bmi;
    v.totalScore = r.total;
    v.rating = r.rating;
    v[SCORES] = r.scores;
  }
}

/**
 * The resource kit's plugins of health care's four resources: the head teacher's scope on each, the scoring of a
 * physical exam, and the alert of a new (or raised) medium or high condition, written in the condition's transaction.
 */
export function healthPlugins(notifier: HealthNotifier): Record<string, ResourcePlugin> {
  return {
    'health-visits': { scope },
    'health-insurance': { scope },
    'health-conditions': {
      scope,
      async notifyInTransaction(tx, id) {
        const c = await repo.condition(tx, id);
        if (!c || !c.active || !ALERT_RISKS.includes(c.risk_level)) return [];
        const s = await repo.student(tx, c.student_id);
        return s ? notifier.conditionAlert(tx, c, s) : [];
      },
    },
    'physical-exams': {
      scope,
      async beforeWrite(tx, values, mode) {
        if (mode === 'update') await score(tx, [values]);
      },
      async beforeCreateMany(tx, items) {
        await score(tx, items);
      },
      async afterCreateMany(tx, items) {
        for (const v of items as Scored[]) await repo.storeScores(tx, String(v.id), v[SCORES] ?? {});
      },
      async afterWrite(tx, id, values) {
        await repo.storeScores(tx, id, (values as Scored)[SCORES] ?? {});
      },
    },
  };
}
