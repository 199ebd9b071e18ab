/**
 * School times: accepted as ISO 8601 (with offset) or `YYYY-MM-DD HH:mm[:ss]` in the school's time zone
 * (docs/architecture.md#forms-and-times, default Asia/Shanghai). Works in the browser and in Node (Intl).
 */
export const DEFAULT_SCHOOL_TZ = 'Asia/Shanghai';

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

// Building an Intl.DateTimeFormat is costly (it was 5% of the server's CPU under load): one per zone, reused.
const offsetFormats = new Map<string, Intl.DateTimeFormat>();
const displayFormats = new Map<string, Intl.DateTimeFormat>();
function cached(map: Map<string, Intl.DateTimeFormat>, tz: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let f = map.get(tz);
  if (!f) {
    f = make();
    map.set(tz, f);
  }
  return f;
}

// Offsets and displayed times are pure functions of (zone, instant); the same instants come again and again (a batch
// of messages shares its creation time and leave times, a form's times are parsed twice), so the answers are kept
// per zone and instant (displayed times per minute), in small maps emptied when full.
const MEMO_MAX = 2048;
const offsetMemo = new Map<string, Map<number, number>>();
const displayMemo = new Map<string, Map<number, string>>();
/** Keeps `value` for (`tz`, `key`); called only after the zone's format was made, so only valid zones get a map. */
function remember<T>(memo: Map<string, Map<number, T>>, tz: string, key: number, value: T): T {
  let m = memo.get(tz);
  if (!m) {
    m = new Map();
    memo.set(tz, m);
  } else if (m.size >= MEMO_MAX) m.clear();
  m.set(key, value);
  return value;
}

/** Offset of `tz` at the UTC instant `utcMs`, in minutes. */
function offsetMinutes(tz: string, utcMs: number): number {
  const known = offsetMemo.get(tz)?.get(utcMs);
  if (known !== undefined) return known;
  const parts = cached(offsetFormats, tz, () => new Intl.DateTimeFormat('en-US', {
    timeZone: tz, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
  })).formatToParts(new Date(utcMs));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return remember(offsetMemo, tz, utcMs, Math.round((asUtc - utcMs) / 60000));
}

/** Answers the instant (ms since epoch), or null when the text is not a valid time. */
export function parseSchoolTime(text: string, tz: string = DEFAULT_SCHOOL_TZ): number | null {
  const s = text.trim();
  const m = LOCAL.exec(s);
  if (m) {
    const [y, mo, d, h, mi, se] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number) as [number, number, number, number, number, number];
    const wall = Date.UTC(y, mo - 1, d, h, mi, se);
    const check = new Date(wall);
    if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59 || se > 59) return null;
    const first = wall - offsetMinutes(tz, wall) * 60000;
    return wall - offsetMinutes(tz, first) * 60000;
  }
  if (ISO_WITH_OFFSET.test(s)) {
    const t = Date.parse(s);
    return Number.isNaN(t) ? null : t;
  }
  return null;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** Like `parseSchoolTime`, and also a bare date (`YYYY-MM-DD`, its midnight): for filters "from" / "to". */
export function parseSchoolMoment(text: string, tz: string = DEFAULT_SCHOOL_TZ): number | null {
  const s = text.trim();
  return parseSchoolTime(DATE_ONLY.test(s) ? `${s} 00:00` : s, tz);
}

/** The calendar day `days` after `date` (`YYYY-MM-DD`; before it when negative). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** `YYYY-MM-DD HH:mm` in the school's time zone. */
export function formatSchoolTime(ms: number, tz: string = DEFAULT_SCHOOL_TZ): string {
  // Kept per minute, not per instant: the text shows minutes (every zone's offset is whole minutes), and the instants
  // that come most often — now, and now ± a window at every application's start — differ from call to call by
  // milliseconds, so a per-instant memo missed every time (~1 % of the server's CPU per workflow command).
  const minute = Math.floor(ms / 60000);
  const known = displayMemo.get(tz)?.get(minute);
  if (known !== undefined) return known;
  const parts = cached(displayFormats, tz, () => new Intl.DateTimeFormat('en-CA', { timeZone: tz, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })).formatToParts(new Date(ms));
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return remember(displayMemo, tz, minute, `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`);
}

/**
 * How far from today a date people apply for may lie (hardening, finding 7: a leave dated 1970 or 9999 was taken):
 * back half a year (a sick leave entered afterwards, a term's records) and ahead a year (the next school year).
 */
export const APPLICATION_WINDOW_DAYS = { past: 183, future: 366 } as const;
const DAY_MS = 24 * 3600 * 1000;

/** The window around `now`, as instants, and as the school's dates for a message. */
export function applicationWindow(now: number, tz: string = DEFAULT_SCHOOL_TZ): { from: number; to: number; fromText: string; toText: string } {
  const from = now - APPLICATION_WINDOW_DAYS.past * DAY_MS;
  const to = now + APPLICATION_WINDOW_DAYS.future * DAY_MS;
  return { from, to, fromText: formatSchoolTime(from, tz).slice(0, 10), toText: formatSchoolTime(to, tz).slice(0, 10) };
}
