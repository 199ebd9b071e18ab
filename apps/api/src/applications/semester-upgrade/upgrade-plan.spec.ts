import { afterEach, describe, expect, it } from '@jest/globals';
import { loadConfig } from '../../config/app-config.js';
import { planOf, type SchoolNow } from './upgrade-plan.js';

const sem = (id: string, schoolYearId: string, start: string) => ({ id, name: { zh: id, en: id }, schoolYearId, start });
const now = (current: ReturnType<typeof sem> | null): SchoolNow => ({ current, semesters: [], counts: { classes: 6, lastClasses: 2, lastStudents: 60 } });

describe('what an upgrade will do', () => {
  it('a semester of another school year: every class moves up, the last grade leaves school with its students', () => {
    expect(planOf(now(sem('2026-1', 'y26', '2026-09-01')), sem('2027-1', 'y27', '2027-09-01'))).toMatchObject({ newSchoolYear: true, classes: 6, promoted: 4, graduatingClasses: 2, graduating: 60 });
  });

  it('within the school year, or a school’s first current semester: nothing moves', () => {
    expect(planOf(now(sem('2026-1', 'y26', '2026-09-01')), sem('2026-2', 'y26', '2027-02-20'))).toMatchObject({ newSchoolYear: false, promoted: 0, graduatingClasses: 0, graduating: 0 });
    expect(planOf(now(null), sem('2026-1', 'y26', '2026-09-01'))).toMatchObject({ from: null, newSchoolYear: false, promoted: 0, graduating: 0 });
  });
});

describe('UPGRADE_CLASS_DELAY_MS (tests only), validated where the configuration is read', () => {
  afterEach(() => {
    delete process.env.UPGRADE_CLASS_DELAY_MS;
  });

  it('a whole number of milliseconds up to 60000, 0 when unset', () => {
    expect(loadConfig().upgradeClassDelayMs).toBe(0);
    process.env.UPGRADE_CLASS_DELAY_MS = '700';
    expect(loadConfig().upgradeClassDelayMs).toBe(700);
    process.env.UPGRADE_CLASS_DELAY_MS = '60000';
    expect(loadConfig().upgradeClassDelayMs).toBe(60_000);
  });

  it('anything else stops the start', () => {
    for (const bad of ['-1', '1.5', 'fast', '60001', '1e3']) {
      process.env.UPGRADE_CLASS_DELAY_MS = bad;
      expect(() => loadConfig()).toThrow('UPGRADE_CLASS_DELAY_MS must be a whole number of milliseconds from 0 to 60000');
    }
  });
});
