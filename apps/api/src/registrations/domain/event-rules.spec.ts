import { eventTimesRefusal } from '@schoolflow/contracts';
import { checkInOpen, eventPhase } from './event-rules.js';

const H = 3_600_000;
const at = (now: number) => ({ reg_start: new Date(now - H), reg_end: new Date(now + H), start_at: new Date(now + 2 * H), end_at: new Date(now + 3 * H) });

describe('event rules', () => {
  it('moves through its phases by the clock, registration closing at the start at the latest', () => {
    const e = at(0);
    expect(eventPhase(e, -2 * H)).toBe('notOpen');
    expect(eventPhase(e, 0)).toBe('open');
    expect(eventPhase(e, 1.5 * H)).toBe('closed');
    expect(eventPhase(e, 3 * H)).toBe('ended');
    const activity = { ...e, reg_end: new Date(2.5 * H) };
    expect(eventPhase(activity, 2.2 * H)).toBe('closed');
  });

  it('takes check-ins from an hour before the start until the end', () => {
    const e = at(0);
    expect(checkInOpen(e, 0.9 * H)).toBe(false);
    expect(checkInOpen(e, 1 * H)).toBe(true);
    expect(checkInOpen(e, 2.9 * H)).toBe(true);
    expect(checkInOpen(e, 3 * H)).toBe(false);
  });

  it('keeps the spec\'s time rules: registration not after the start; a lecture\'s closes before it', () => {
    // hours from now, as ISO 8601 (no calendar date fixed in a test)
    const h = (n: number) => new Date(Date.now() + n * H).toISOString();
    const base = { start: h(48), end: h(50), registrationStart: h(1), registrationEnd: h(46) };
    expect(eventTimesRefusal({ kind: 'lecture', ...base })).toBeNull();
    expect(eventTimesRefusal({ kind: 'lecture', ...base, registrationStart: h(49), registrationEnd: h(49.5) })?.key).toBe('registrations.validation.registrationStartNotAfterEvent');
    expect(eventTimesRefusal({ kind: 'lecture', ...base, registrationEnd: h(48.5) })?.key).toBe('registrations.validation.lectureRegistrationBeforeStart');
    expect(eventTimesRefusal({ kind: 'activity', ...base, registrationEnd: h(48.5) })).toBeNull();
    expect(eventTimesRefusal({ kind: 'activity', ...base, end: h(47) })?.key).toBe('registrations.validation.endAfterStart');
    expect(eventTimesRefusal({ kind: 'activity', ...base, registrationEnd: h(0.5) })?.key).toBe('registrations.validation.registrationEndAfterStart');
  });
});
