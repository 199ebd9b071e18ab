import { describe, expect, it } from '@jest/globals';
import { fold, stateString } from '../engine/flow.js';
import { everyPath, givenFlow, stored } from '../kit/testing.js';
import { semesterUpgradeFlow } from './semester-upgrade.flow.js';
import { isLater, type SemesterRef, type SemesterUpgradeEvent, semesterUpgradeMachine, type UpgradeChosen } from './semester-upgrade.machine.js';

const sem = (id: string, start: string, schoolYearId: string): SemesterRef => ({ id, name: { zh: `学期${id}`, en: `Semester ${id}` }, schoolYearId, start });
const S2026_1 = sem('2026-1', '2026-09-01', 'y2026');
const S2026_2 = sem('2026-2', '2027-02-20', 'y2026');
const S2027_1 = sem('2027-1', '2027-09-01', 'y2027');
const S2025_2 = sem('2025-2', '2026-02-20', 'y2025');

/** `a1` chooses the next school year's first semester: 6 classes, 4 move up, 2 leave school with 60 students. */
const chosen = (over: Partial<UpgradeChosen> = {}): UpgradeChosen => ({
  type: 'CHOOSE',
  actorId: 'a1',
  from: S2026_1,
  to: S2027_1,
  newSchoolYear: true,
  classes: 6,
  promoted: 4,
  graduatingClasses: 2,
  graduating: 60,
  route: { admin: ['a1', 'a2'] },
  ...over,
});
const confirm = (actorId: string, currentSemesterId: string | null = S2026_1.id): SemesterUpgradeEvent => ({ type: 'CONFIRM', actorId, currentSemesterId });
const withdraw = (actorId: string): SemesterUpgradeEvent => ({ type: 'WITHDRAW', actorId });
const begin = (actorId = 'system', total = 6): SemesterUpgradeEvent => ({ type: 'BEGIN', actorId, at: '2026-12-01T02:00:00.000Z', total });
const complete = (actorId = 'system'): SemesterUpgradeEvent => ({
  type: 'COMPLETE',
  actorId,
  at: '2026-12-01T02:05:00.000Z',
  classes: 6,
  promoted: 4,
  graduatedClasses: 2,
  graduated: 60,
  headTeachers: ['ht1', 'ht2'],
});

const given = givenFlow<typeof semesterUpgradeMachine, SemesterUpgradeEvent>(semesterUpgradeFlow);
const first = [chosen()] as SemesterUpgradeEvent[];
const second = [...first, confirm('a1')];
const running = [...second, confirm('a1')];
const begun = [...running, begin()];
const done = [...begun, complete()];

describe('semester-upgrade machine: given / when / then', () => {
  it('an administrator chooses a later semester: the plan is recorded and the first confirmation awaits', () => {
    const s = given().when(chosen()).thenState('firstConfirmation');
    expect(semesterUpgradeFlow.status(s)).toEqual({ review: 'pending' });
    expect(s.context).toMatchObject({ applicantId: 'a1', confirmedBy: [], startedAt: null, result: null });
    expect(s.context.plan).toEqual({ from: S2026_1, to: S2027_1, newSchoolYear: true, classes: 6, promoted: 4, graduatingClasses: 2, graduating: 60 });
    // no review step: it is nobody's task in a queue, every administrator may read it
    expect(semesterUpgradeFlow.assignees(s)).toEqual([]);
    expect(semesterUpgradeFlow.participants(s.context)).toEqual(['a1', 'a2']);
    // within the school year, and a school's first current semester
    given().when(chosen({ to: S2026_2, newSchoolYear: false, promoted: 0, graduatingClasses: 0, graduating: 0 })).thenState('firstConfirmation');
    given().when(chosen({ from: null, to: S2025_2, newSchoolYear: false })).thenState('firstConfirmation');
  });

  it('the spec’s refusal: only a semester later than the current one', () => {
    given().when(chosen({ to: S2025_2 })).thenRefused('impossible', 'workflow.semesterNotLater');
    given().when(chosen({ to: S2026_1 })).thenRefused('impossible', 'workflow.semesterNotLater');
    // the same start day is not later either
    given().when(chosen({ to: { ...S2027_1, start: S2026_1.start } })).thenRefused('impossible', 'workflow.semesterNotLater');
    expect(isLater({ from: S2026_1, to: S2026_2 })).toBe(true);
    expect(isLater({ from: S2026_2, to: S2026_1 })).toBe(false);
    expect(isLater({ from: null, to: S2025_2 })).toBe(true);
    // not an administrator: not theirs to do, whatever they chose
    given().when(chosen({ actorId: 'teacher' })).thenRefused('forbidden');
    given().when(chosen({ actorId: 'teacher', to: S2025_2 })).thenRefused('forbidden');
  });

  it('two confirmations, each an event: then it runs, and the plan is what both named', () => {
    const s1 = given(...first).when(confirm('a1')).thenState('secondConfirmation');
    expect(s1.context.confirmedBy).toEqual(['a1']);
    expect(semesterUpgradeFlow.status(s1)).toEqual({ review: 'pending' });
    const s2 = given(...second).when(confirm('a1')).thenState('running');
    expect(s2.context.confirmedBy).toEqual(['a1', 'a1']);
    expect(semesterUpgradeFlow.status(s2)).toEqual({ review: 'passed', extra: 'running' });
    expect(s2.context.plan?.to).toEqual(S2027_1);
  });

  it('the same administrator may give both confirmations; another administrator may give either; nobody else', () => {
    given(...first, confirm('a2')).when(confirm('a1')).thenState('running');
    given(...first, confirm('a1')).when(confirm('a2')).thenState('running');
    given(...first).when(confirm('teacher')).thenRefused('forbidden');
    given(...second).when(confirm('teacher')).thenRefused('forbidden');
    given(...first).when(confirm('system')).thenRefused('forbidden');
  });

  it('a confirmation is refused when the current semester changed meanwhile (another upgrade finished)', () => {
    given(...first).when(confirm('a1', S2026_2.id)).thenRefused('impossible', 'workflow.semesterChanged');
    given(...second).when(confirm('a1', S2027_1.id)).thenRefused('impossible', 'workflow.semesterChanged');
    given(...first).when(confirm('a1', null)).thenRefused('impossible', 'workflow.semesterChanged');
    // a school's first: none is current, and none must be when it is confirmed
    given(chosen({ from: null, to: S2025_2, newSchoolYear: false })).when(confirm('a2', null)).thenState('secondConfirmation');
    given(chosen({ from: null, to: S2025_2, newSchoolYear: false })).when(confirm('a2', S2026_1.id)).thenRefused('impossible', 'workflow.semesterChanged');
  });

  it('withdrawn before it runs (by any administrator): ended, the lock released; not once it runs', () => {
    const s = given(...first).when(withdraw('a1')).thenState('withdrawn');
    expect(semesterUpgradeFlow.status(s)).toEqual({ review: 'withdrawn' });
    expect(s.status).toBe('done');
    given(...second).when(withdraw('a2')).thenState('withdrawn');
    given(...first).when(withdraw('teacher')).thenRefused('forbidden');
    given(...running).when(withdraw('a1')).thenRefused('impossible', 'workflow.upgradeRunning');
    given(...running).when(confirm('a1')).thenRefused('impossible', 'workflow.upgradeRunning');
    given(...first, withdraw('a1')).when(confirm('a1')).thenRefused('impossible', 'workflow.notPending');
  });

  it('the job is the engine’s: BEGIN once (a resumed job begins no second time), COMPLETE with the counts; no user sends them', () => {
    const b = given(...running).when(begin()).thenState('running');
    expect(b.context.startedAt).toBe('2026-12-01T02:00:00.000Z');
    expect(b.context.total).toBe(6);
    given(...begun).when(begin()).thenRefused('impossible');
    given(...running).when(begin('a1')).thenRefused('impossible', 'workflow.unknownAction');
    const c = given(...begun).when(complete()).thenState('completed');
    expect(semesterUpgradeFlow.status(c)).toEqual({ review: 'passed', extra: 'completed' });
    expect(c.context.result).toEqual({ classes: 6, promoted: 4, graduatedClasses: 2, graduated: 60 });
    expect(c.context.finishedAt).toBe('2026-12-01T02:05:00.000Z');
    expect(c.context.headTeachers).toEqual(['ht1', 'ht2']);
    expect(c.status).toBe('done');
    // a completed run that began no BEGIN (resumed after its classes were done) completes all the same
    given(...running).when(complete()).thenState('completed');
    given(...begun).when(complete('a1')).thenRefused('impossible', 'workflow.unknownAction');
    // nothing undoes it
    given(...done).when(withdraw('a1')).thenRefused('impossible', 'workflow.upgradeDone');
    given(...done).when(confirm('a1')).thenRefused('impossible', 'workflow.upgradeDone');
    given(...done).when(complete()).thenRefused('impossible');
    // before the confirmations the engine has nothing to do
    given(...first).when(begin()).thenRefused('impossible');
    given(...second).when(complete()).thenRefused('impossible');
  });

  it('users send only CONFIRM and WITHDRAW; a probe of CONFIRM assumes the current semester unchanged', () => {
    expect(semesterUpgradeFlow.commandTypes).toEqual(['CONFIRM', 'WITHDRAW']);
    expect(semesterUpgradeFlow.apply.ownPage).toBe('/academic/semester_upgrade');
    const s = fold(semesterUpgradeMachine, stored(first));
    expect(semesterUpgradeFlow.probe('CONFIRM', 'a2', s)).toEqual({ type: 'CONFIRM', actorId: 'a2', currentSemesterId: S2026_1.id });
    expect(semesterUpgradeFlow.refusal(s, semesterUpgradeFlow.probe('CONFIRM', 'a2', s))).toBeNull();
    expect(semesterUpgradeFlow.refusal(s, { type: 'APPROVE', actorId: 'a1' })).toEqual({ kind: 'impossible', reason: 'workflow.unknownAction' });
  });

  it('the diagram is the main path; the form users see names the plan', () => {
    expect(semesterUpgradeFlow.steps.map((s) => [s.state, s.labelKey])).toEqual([
      ['new', 'workflow.step.upgradeChosen'],
      ['firstConfirmation', 'workflow.step.upgradeFirstConfirmation'],
      ['secondConfirmation', 'workflow.step.upgradeSecondConfirmation'],
      ['running', 'workflow.step.upgradeRunning'],
      ['completed', 'workflow.step.upgradeCompleted'],
    ]);
    const { type: _type, route: _route, actorId: _actor, ...data } = chosen();
    expect(semesterUpgradeFlow.formView({ ...data, route: { admin: ['a1'] } })).toEqual({ semesterId: S2027_1.id, ...data });
  });
});

describe('semester-upgrade machine: every path (xstate graph traversal)', () => {
  const actors = ['a1', 'a2', 'teacher', 'system'];
  const events: SemesterUpgradeEvent[] = [
    chosen(),
    chosen({ to: S2025_2 }),
    chosen({ actorId: 'teacher' }),
    ...actors.flatMap((a): SemesterUpgradeEvent[] => [confirm(a), confirm(a, S2027_1.id), withdraw(a), begin(a), complete(a)]),
  ];
  const paths = everyPath(semesterUpgradeFlow, events, (s) => `${stateString(s.value)}|${s.context.confirmedBy.join()}|${s.context.startedAt ?? ''}`);
  const ends = [...new Set(paths.map((p) => stateString(p.end.value)))].sort();

  it('reaches every state', () => {
    expect(paths.length).toBeGreaterThan(10);
    expect(ends).toEqual(['completed', 'firstConfirmation', 'new', 'running', 'secondConfirmation', 'withdrawn'].sort());
  });

  it('on every path: a later semester chosen by an administrator; it runs only after two administrators’ confirmations naming the current semester; only the engine begins and completes it, after it runs; withdrawn only before it runs', () => {
    for (const path of paths) {
      let confirmations = 0;
      for (const { before, event, after } of path.steps) {
        const from = stateString(before.value);
        const to = stateString(after.value);
        if (event.type === 'CHOOSE') {
          expect((event as unknown as UpgradeChosen).route.admin).toContain(event.actorId);
          expect(isLater(event as unknown as UpgradeChosen)).toBe(true);
        }
        if (event.type === 'CONFIRM') {
          confirmations += 1;
          expect(before.context.route.admin).toContain(event.actorId);
          expect(event.currentSemesterId).toBe(before.context.plan?.from?.id ?? null);
        }
        if (to === 'running' && from !== 'running') expect(confirmations).toBe(2);
        if (event.type === 'BEGIN' || event.type === 'COMPLETE') {
          expect(event.actorId).toBe('system');
          expect(from).toBe('running');
        }
        if (event.type === 'BEGIN') expect(before.context.startedAt).toBeNull();
        if (event.type === 'WITHDRAW') {
          expect(['firstConfirmation', 'secondConfirmation']).toContain(from);
          expect(to).toBe('withdrawn');
        }
      }
      if (stateString(path.end.value) === 'completed') {
        expect(path.steps.at(-1)?.event.type).toBe('COMPLETE');
        expect(path.end.context.result).not.toBeNull();
      }
    }
  });
});
