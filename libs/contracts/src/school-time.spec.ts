import { describe, expect, it } from '@jest/globals';
import { formatSchoolTime, parseSchoolTime } from './school-time.js';

// The implementation before the answers were memoised: every call asks Intl afresh.
const made = new Map<string, Intl.DateTimeFormat>();
const format = (key: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat => made.get(key) ?? made.set(key, make()).get(key)!;
function referenceOffset(tz: string, utcMs: number): number {
  const parts = format(`offset ${tz}`, () => new Intl.DateTimeFormat('en-US', {
    timeZone: tz, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
  })).formatToParts(new Date(utcMs));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  return Math.round((Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - utcMs) / 60000);
}
function referenceParse(text: string, tz: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, se] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number) as [number, number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi, se);
  const check = new Date(wall);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59 || se > 59) return null;
  const first = wall - referenceOffset(tz, wall) * 60000;
  return wall - referenceOffset(tz, first) * 60000;
}
function referenceFormat(ms: number, tz: string): string {
  const parts = format(`display ${tz}`, () => new Intl.DateTimeFormat('en-CA', { timeZone: tz, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })).formatToParts(new Date(ms));
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`;
}

const ZONES = ['Asia/Shanghai', 'America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'UTC'];
const pad = (n: number) => String(n).padStart(2, '0');

describe('school time', () => {
  it('formats like Intl, also when answered again from memory, across DST changes', () => {
    for (const tz of ZONES) {
      // Every 15 minutes over the spring and autumn changes of 2024 (both hemispheres), and old LMT instants.
      const instants: number[] = [Date.UTC(1890, 0, 1, 0, 0, 30), Date.UTC(1900, 5, 1, 12, 34, 56), -1, 0, 1];
      for (const [from, to] of [[Date.UTC(2024, 2, 9), Date.UTC(2024, 3, 8)], [Date.UTC(2024, 8, 28), Date.UTC(2024, 10, 5)]] as const) {
        for (let t = from; t < to; t += 15 * 60000) instants.push(t, t + 59_999);
      }
      for (let pass = 0; pass < 2; pass++) {
        const wrong = instants.filter((t) => formatSchoolTime(t, tz) !== referenceFormat(t, tz));
        expect(wrong).toEqual([]);
      }
    }
  });

  it('parses local times like before, also in DST gaps and overlaps, and when answered again from memory', () => {
    for (const tz of ZONES) {
      const texts: string[] = ['2024-02-30 10:00', '2024-01-01 24:00', 'nonsense', '2024-03-01T08:00:00+08:00'];
      for (const day of ['2024-03-10', '2024-03-31', '2024-04-07', '2024-10-06', '2024-10-27', '2024-11-03', '1890-01-01']) {
        for (let h = 0; h < 24; h++) for (const mi of [0, 15, 30, 45]) texts.push(`${day} ${pad(h)}:${pad(mi)}`);
      }
      for (let pass = 0; pass < 2; pass++) {
        const wrong = texts.filter((text) => parseSchoolTime(text, tz) !== (/T.*\+/.test(text) ? Date.parse(text) : referenceParse(text, tz)));
        expect(wrong).toEqual([]);
      }
    }
  });

  it('keeps refusing an unknown zone', () => {
    expect(() => formatSchoolTime(0, 'No/Such_Zone')).toThrow(RangeError);
    expect(() => formatSchoolTime(0, 'No/Such_Zone')).toThrow(RangeError);
    expect(() => parseSchoolTime('2024-01-01 08:00', 'No/Such_Zone')).toThrow(RangeError);
  });

  it('stays right after its memory fills and is emptied', () => {
    const tz = 'Europe/London';
    const wrong: number[] = [];
    for (let i = 0; i < 5000; i++) {
      const t = Date.UTC(2024, 2, 31) + i * 60000;
      if (formatSchoolTime(t, tz) !== referenceFormat(t, tz)) wrong.push(t);
    }
    expect(wrong).toEqual([]);
  });
});
