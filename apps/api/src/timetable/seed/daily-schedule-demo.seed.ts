import { addDays } from '@schoolflow/contracts';
import type { EntityManager } from 'typeorm';

type Item = [kind: string, name: string, start: string, end: string, boardersOnly: boolean];

const DAY: Item[] = [
  ['arrival', '到校', '07:20', '07:40', false],
  ['morningReading', '早读', '07:40', '08:00', false],
  ['exercise', '大课间（课间操）', '09:40', '10:10', false],
  ['lunch', '午餐', '11:50', '12:30', false],
  ['nap', '午休', '12:30', '13:30', false],
  ['dismissal', '放学', '16:50', '', false],
  ['dinner', '晚餐', '17:30', '18:20', true],
  ['eveningStudy', '晚自习', '18:40', '21:00', true],
  ['lightsOut', '熄灯', '22:00', '', true],
];
/** Winter: the afternoon and the evening half an hour earlier, lights out too. */
const WINTER: Item[] = DAY.map(([kind, name, start, end, b]) => [kind, name, kind === 'dismissal' || kind === 'dinner' || kind === 'eveningStudy' || kind === 'lightsOut' ? earlier(start) : start, end && (kind === 'dinner' || kind === 'eveningStudy') ? earlier(end) : end, b]);

function earlier(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  const t = h * 60 + m - 30;
  return `${String(Math.floor(t / 60)).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}`;
}

/**
 * 作息时间's demo (docs/product/base-data.md#daily-schedule): a summer schedule in force from 120 days before the day of
 * seeding and a winter one from 20 days before it — so the winter one is today's — dated from that day.
 */
export async function seedDemoDailySchedule(tx: EntityManager, o: { today: string }): Promise<void> {
  for (const [name, season, from, items] of [['夏季作息', 'summer', addDays(o.today, -120), DAY], ['冬季作息', 'winter', addDays(o.today, -20), WINTER]] as const) {
    const [row] = (await tx.query(`INSERT INTO daily_schedule (name, season, effective_from) VALUES ($1, $2, $3) RETURNING id`, [name, season, from])) as { id: string }[];
    for (const [i, [kind, itemName, start, end, boardersOnly]] of items.entries()) {
      await tx.query(`INSERT INTO daily_schedule_item (schedule_id, position, kind, name, start_time, end_time, boarders_only) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [row?.id, i, kind, itemName, start, end, boardersOnly]);
    }
  }
}
