import { describe, expect, it } from '@jest/globals';
import { registrationEventInputSchema } from './registrations-api.js';
import { momentText } from './schemas.js';

const messages = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message) ?? [];

describe('a typed moment', () => {
  it('left empty is required, not of a wrong format; something typed wrong is of a wrong format', () => {
    expect(messages(momentText().safeParse(''))).toEqual(['validation.timeRequired']);
    expect(messages(momentText().safeParse(undefined))).toEqual(['validation.timeRequired']);
    expect(messages(momentText().safeParse('tomorrow'))).toEqual(['validation.timeInvalid']);
    expect(momentText().safeParse('2026-12-01 08:30').success).toBe(true);
  });

  it("an event's empty start asks for it, once, under the start", () => {
    const event = { kind: 'lecture', title: '讲座', place: '礼堂', start: '', end: '2099-01-01 10:00', registrationStart: '2098-12-01 10:00', registrationEnd: '2098-12-02 10:00', capacity: 30 };
    expect(registrationEventInputSchema.safeParse(event).error?.issues.map((i) => `${i.path.join('.')}:${i.message}`)).toEqual(['start:validation.timeRequired']);
  });
});
