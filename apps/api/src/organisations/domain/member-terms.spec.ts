import { describe, expect, it } from '@jest/globals';
import { addDays } from '@schoolflow/contracts';
import { activityHtml, endRefusal, newTermRefusal, overlaps, personRefusal, planRoleChange, type Term, termStatus } from './member-terms.js';

// dates relative to today (the rules compare school dates; any day will do)
const TODAY = new Date().toISOString().slice(0, 10);
const day = (n: number) => addDays(TODAY, n);
const term = (over: Partial<Term> = {}): Term => ({ id: 't1', role: 'member', from: day(-30), to: null, ...over });

describe('members’ terms', () => {
  it('days are counted on school dates, across months and years', () => {
    expect(addDays(day(0), 1) > day(0)).toBe(true);
    expect(addDays(addDays(day(0), 40), -40)).toBe(day(0));
    expect(addDays(`${TODAY.slice(0, 4)}-12-31`, 1)).toBe(`${Number(TODAY.slice(0, 4)) + 1}-01-01`);
  });

  it('a term is current from its first to its last day, upcoming before, ended after', () => {
    expect(termStatus(term(), TODAY)).toBe('current');
    expect(termStatus(term({ to: TODAY }), TODAY)).toBe('current');
    expect(termStatus(term({ from: TODAY }), TODAY)).toBe('current');
    expect(termStatus(term({ to: day(-1) }), TODAY)).toBe('ended');
    expect(termStatus(term({ from: day(1) }), TODAY)).toBe('upcoming');
  });

  it('a person holds one term of a body at a time: a new one may not share a day with another', () => {
    expect(overlaps({ from: day(-10), to: day(-1) }, { from: day(0), to: null })).toBe(false);
    expect(overlaps({ from: day(-10), to: day(0) }, { from: day(0), to: null })).toBe(true);
    expect(overlaps({ from: day(-10), to: null }, { from: day(100), to: day(200) })).toBe(true);
    expect(newTermRefusal({ from: day(0), to: null }, [{ from: day(-60), to: day(-1) }])).toBeNull();
    expect(newTermRefusal({ from: day(0), to: null }, [{ from: day(-60), to: null }])).toBe('overlap');
    expect(newTermRefusal({ from: day(0), to: day(-1) }, [])).toBe('endBeforeStart');
  });

  it('a change of role ends the term the day before and begins a new one to its planned end; the old term stays', () => {
    expect(planRoleChange(term(), 'chair', TODAY)).toEqual({ endOn: day(-1), next: { role: 'chair', from: TODAY, to: null } });
    expect(planRoleChange(term({ to: day(90) }), 'secretary', day(5))).toEqual({ endOn: day(4), next: { role: 'secretary', from: day(5), to: day(90) } });
    expect(planRoleChange(term(), 'member', TODAY)).toEqual({ refused: 'sameRole' });
    // the new role begins after the term began (a term of no day of its own is never made)
    expect(planRoleChange(term({ from: TODAY }), 'chair', TODAY)).toEqual({ refused: 'startNotAfter' });
    expect(planRoleChange(term({ to: day(-1) }), 'chair', TODAY)).toEqual({ refused: 'termEnded' });
  });

  it('a term ends on a day not before it began, and never later than it already ends', () => {
    expect(endRefusal(term(), TODAY)).toBeNull();
    expect(endRefusal(term(), day(-31))).toBe('endBeforeStart');
    expect(endRefusal(term({ to: day(10) }), day(5))).toBeNull();
    expect(endRefusal(term({ to: day(10) }), day(11))).toBe('termEnded');
  });

  it('students join the student bodies (enrolled ones), parents the parent committee', () => {
    const student = { enabled: true, parent: false, studentStatus: 'enrolled' };
    const parent = { enabled: true, parent: true, studentStatus: null };
    expect(personRefusal('society', student)).toBeNull();
    expect(personRefusal('youthLeague', student)).toBeNull();
    expect(personRefusal('parentCommittee', parent)).toBeNull();
    expect(personRefusal('parentCommittee', student)).toBe('wrongPerson');
    expect(personRefusal('studentUnion', parent)).toBe('wrongPerson');
    expect(personRefusal('society', { ...student, studentStatus: 'graduated' })).toBe('notEnrolled');
    expect(personRefusal('society', { ...student, enabled: false })).toBe('personUnknown');
    expect(personRefusal('society', null)).toBe('personUnknown');
  });

  it('an activity’s text becomes escaped paragraphs', () => {
    expect(activityHtml('  周五读书会\n地点：图书馆\n\n欢迎<b>参加</b> & 分享 ')).toBe('<p>周五读书会<br>地点：图书馆</p><p>欢迎&lt;b&gt;参加&lt;/b&gt; &amp; 分享</p>');
  });
});
