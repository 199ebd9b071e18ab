import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { AdvisoryLock, AdvisoryLockSpace } from './advisory-locks.js';

/** Every `.ts` file under `dir` (the server's sources and the migrations), tests left out. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [path] : [];
  });
}

const ROOT = join(process.cwd());
const keys = [...Object.values(AdvisoryLock), ...Object.values(AdvisoryLockSpace)];

describe('advisory locks', () => {
  it('are distinct: a number names one lock, whichever kind', () => {
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('fit their kind: a space is a 32-bit first key', () => {
    for (const space of Object.values(AdvisoryLockSpace)) expect(Number.isInteger(space) && space > 0 && space < 2 ** 31).toBe(true);
    for (const key of Object.values(AdvisoryLock)) expect(Number.isSafeInteger(key) && key > 0).toBe(true);
  });

  it('are named, not written as numbers, at every site of the server', () => {
    // a literal key (`pg_advisory_xact_lock(727001)`, `pg_try_advisory_lock(727025, …)`) or a constant of its own
    const literal = /pg_(try_)?advisory\w*\(\s*\d|=\s*7270\d\d\b/;
    const offenders = sources(join(ROOT, 'apps/api/src'))
      .filter((f) => !f.endsWith('advisory-locks.ts'))
      .filter((f) => literal.test(readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('the migrations that state one literally state the ones named here', () => {
    const grades = readFileSync(join(ROOT, 'migrations/1732000024000-grades.ts'), 'utf8');
    expect(grades).toContain(`pg_advisory_xact_lock(${AdvisoryLock.examWeightTotal})`);
    const electives = readFileSync(join(ROOT, 'migrations/1732000043000-electives.ts'), 'utf8');
    expect(electives).toContain(`pg_advisory_xact_lock(${AdvisoryLockSpace.electiveSelection}, `);
    // and no other migration takes one of its own
    const others = sources(join(ROOT, 'migrations')).filter((f) => /pg_(try_)?advisory/.test(readFileSync(f, 'utf8')));
    expect(others.map((f) => f.slice(ROOT.length + 1))).toEqual(['migrations/1732000024000-grades.ts', 'migrations/1732000043000-electives.ts']);
  });
});
