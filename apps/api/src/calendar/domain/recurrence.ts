import rrulePkg from 'rrule';
import { untilMs, WEEKDAY_CODES } from '@schoolflow/contracts';

// rrule ships CommonJS whose named exports Node's ESM loader cannot see: its classes come from the default export.
const { RRule } = rrulePkg;

const DAY_MS = 86_400_000;

/**
 * Recurrence of the school calendar's events (docs/adr/0058-school-calendar.md#recurrence), pure: every time is a
 * "floating" millisecond count — the school's wall-clock time read as if it were UTC — so a rule is expanded in wall
 * time (a weekly 16:30 stays 16:30 across a change of offset) and the database's `timestamp` columns hold the same.
 */
export interface Series {
  /** The first occurrence's start and its length (end excluded). */
  start: number;
  duration: number;
  /** The rule's parts without DTSTART (contracts' `normalRule` spelling). */
  rule: string;
  /** Starts left out. */
  exdates: readonly number[];
  /** Occurrences that fall on a declared holiday are left out. */
  skipHolidays: boolean;
}

function ruleOf(rule: string, start: number): InstanceType<typeof RRule> {
  const options = RRule.parseString(rule);
  return new RRule({ ...options, dtstart: new Date(start), tzid: null });
}

/** A floating ms's date (`YYYY-MM-DD`). */
export const dateOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/**
 * The starts of a series' occurrences that overlap `[from, to)`, in order: the rule's, less the exceptions, less those
 * on a declared holiday (`holidays`: dates) when the series skips them, less `replaced` (occurrences changed on their
 * own, drawn from their own rows).
 */
export function occurrencesBetween(s: Series, from: number, to: number, holidays: ReadonlySet<string>, replaced: ReadonlySet<number> = new Set()): number[] {
  if (to <= from) return [];
  // an occurrence that started before `from` may still run into it
  const starts = ruleOf(s.rule, s.start).between(new Date(from - s.duration + 1), new Date(to - 1), true);
  const excluded = new Set(s.exdates);
  return starts
    .map((d) => d.getTime())
    .filter((t) => t + s.duration > from && t < to && !excluded.has(t) && !replaced.has(t) && !(s.skipHolidays && holidays.has(dateOf(t))));
}

/** Whether `at` is an occurrence start of the rule (whatever the exceptions say). */
export function isRuleOccurrence(rule: string, start: number, at: number): boolean {
  return ruleOf(rule, start).between(new Date(at), new Date(at), true).length > 0;
}

/** The end of a series' last occurrence, or null: the rule never ends. */
export function seriesEnd(rule: string, start: number, duration: number): number | null {
  const r = ruleOf(rule, start);
  if (!r.options.until && !r.options.count) return null;
  const all = r.all();
  const last = all[all.length - 1];
  return last ? last.getTime() + duration : start + duration;
}

/**
 * The occurrences of a series that a declared holiday leaves out (`holidays`: dates): what the iCalendar export lists
 * as EXDATE beside the series' own exceptions, so another calendar program shows what the school's does.
 */
export function holidayExceptions(s: Series, holidays: readonly string[]): number[] {
  if (!s.skipHolidays) return [];
  const r = ruleOf(s.rule, s.start);
  const out: number[] = [];
  for (const date of holidays) {
    const day = Date.parse(`${date}T00:00:00Z`);
    for (const d of r.between(new Date(day), new Date(day + DAY_MS - 1), true)) out.push(d.getTime());
  }
  return out.sort((a, b) => a - b);
}

/**
 * The rule of a series whose occurrence moved from `from` to `to`: its weekdays move by the days between the two dates
 * (a Monday meeting dragged to Tuesday is a Tuesday meeting), as do its days of the month; its UNTIL moves by the same
 * time (the series keeps its number of occurrences). Other parts stay.
 */
export function shiftRule(rule: string, from: number, to: number): string {
  const days = Math.floor(to / DAY_MS) - Math.floor(from / DAY_MS);
  return rule
    .split(';')
    .map((part) => {
      const [name, value = ''] = part.split('=');
      if (name === 'UNTIL') {
        const until = untilMs(value);
        return until === null || to === from ? part : `UNTIL=${new Date(until + to - from).toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;
      }
      if (days === 0) return part;
      if (name === 'BYDAY') {
        return `BYDAY=${value
          .split(',')
          .map((d) => {
            const m = /^([+-]?\d)?(MO|TU|WE|TH|FR|SA|SU)$/.exec(d);
            if (!m) return d;
            const i = WEEKDAY_CODES.indexOf(m[2] as (typeof WEEKDAY_CODES)[number]);
            return `${m[1] ?? ''}${WEEKDAY_CODES[(((i + days) % 7) + 7) % 7]}`;
          })
          .join(',')}`;
      }
      if (name === 'BYMONTHDAY') {
        return `BYMONTHDAY=${value
          .split(',')
          .map((d) => {
            const n = Number(d);
            if (n < 0) return d;
            return String(((((n - 1 + days) % 31) + 31) % 31) + 1);
          })
          .join(',')}`;
      }
      return part;
    })
    .join(';');
}

/** Whether the rule parses (the contract checked its parts; this is the library's word). */
export function ruleParses(rule: string, start: number): boolean {
  try {
    ruleOf(rule, start).between(new Date(start), new Date(start + DAY_MS), true);
    return true;
  } catch {
    return false;
  }
}
