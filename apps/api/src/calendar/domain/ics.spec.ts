import { describe, expect, it } from '@jest/globals';
import ICAL from 'ical.js';
import { wallMs } from '@schoolflow/contracts';
import { buildIcs, type IcsEvent } from './ics.js';

const at = (text: string): number => wallMs(text) as number;
const base: IcsEvent = { id: 'e1', title: '', category: 'meeting', allDay: false, start: 0, end: 0, location: '', description: '', rule: null, exdates: [], seriesId: null, recurrenceId: null, updatedAt: Date.UTC(2030, 0, 1) };

describe('iCalendar export', () => {
  const text = buildIcs({
    name: '校历',
    timeZone: 'Asia/Shanghai',
    stamp: Date.UTC(2030, 8, 1, 12),
    holidays: [{ date: '2030-10-01', kind: 'holiday', name: '国庆节', replacesWeekday: null }],
    holidayName: (h) => h.name,
    events: [
      { ...base, id: 's1', title: '教职工例会, 第一周; 请准时', start: at('2030-09-02 16:30'), end: at('2030-09-02 17:30'), location: '会议室', rule: 'FREQ=WEEKLY;BYDAY=MO;UNTIL=20301007T235959Z', exdates: [at('2030-09-16 16:30')] },
      { ...base, id: 'o1', title: '教职工例会（改期）', start: at('2030-09-24 16:30'), end: at('2030-09-24 17:30'), seriesId: 's1', recurrenceId: at('2030-09-23 16:30') },
      { ...base, id: 'x1', title: '期末考试周', category: 'exam', allDay: true, start: at('2031-01-13 00:00'), end: at('2031-01-18 00:00'), description: '第一行\n第二行' },
    ],
  });
  const root = new ICAL.Component(ICAL.parse(text) as unknown[]);
  const events = root.getAllSubcomponents('vevent');

  it('is RFC 5545 text: CRLF lines of at most 75 octets, the zone defined once', () => {
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(text.split('\r\n').every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
    expect(root.getFirstPropertyValue('version')).toBe('2.0');
    expect(root.getAllSubcomponents('vtimezone').map((z) => z.getFirstPropertyValue('tzid'))).toEqual(['Asia/Shanghai']);
    expect(events).toHaveLength(4);
  });

  it('writes a series with its zone, its rule (UNTIL in UTC) and its exceptions; the changed occurrence under the same UID', () => {
    const [series, moved] = events;
    expect(series?.getFirstPropertyValue('summary')).toBe('教职工例会, 第一周; 请准时');
    expect(series?.getFirstProperty('dtstart')?.getParameter('tzid')).toBe('Asia/Shanghai');
    expect(String(series?.getFirstPropertyValue('dtstart'))).toBe('2030-09-02T16:30:00');
    // 23:59:59 in Shanghai is 15:59:59 UTC
    expect(String(series?.getFirstPropertyValue('rrule'))).toBe('FREQ=WEEKLY;BYDAY=MO;UNTIL=20301007T155959Z');
    expect(series?.getAllProperties('exdate').map((p) => String(p.getFirstValue()))).toEqual(['2030-09-16T16:30:00']);
    expect(moved?.getFirstPropertyValue('uid')).toBe(series?.getFirstPropertyValue('uid'));
    expect(String(moved?.getFirstPropertyValue('recurrence-id'))).toBe('2030-09-23T16:30:00');
  });

  it('writes all-day events as dates, their end the day after, and the holidays as transparent days', () => {
    const exam = events[2];
    expect(exam?.getFirstProperty('dtstart')?.type).toBe('date');
    expect([String(exam?.getFirstPropertyValue('dtstart')), String(exam?.getFirstPropertyValue('dtend'))]).toEqual(['2031-01-13', '2031-01-18']);
    expect(exam?.getFirstPropertyValue('description')).toBe('第一行\n第二行');
    expect(exam?.getFirstPropertyValue('categories')).toBe('EXAM');
    const holiday = events[3];
    expect([holiday?.getFirstPropertyValue('summary'), holiday?.getFirstPropertyValue('transp'), String(holiday?.getFirstPropertyValue('dtstart'))]).toEqual(['国庆节', 'TRANSPARENT', '2030-10-01']);
  });
});
