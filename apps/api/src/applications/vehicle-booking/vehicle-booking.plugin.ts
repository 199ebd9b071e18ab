import type { VehicleBookingRow } from '@schoolflow/contracts';
import type { FlowDefinition } from '@schoolflow/workflows';
import { vehicleBookingFlow } from '@schoolflow/workflows/vehicle-booking/vehicle-booking.flow.js';
import { vehicleBookingFormSchema } from '@schoolflow/workflows/vehicle-booking/vehicle-booking.form.js';
import type { VehicleBookingContext } from '@schoolflow/workflows/vehicle-booking/vehicle-booking.machine.js';
import { z } from 'zod';
import type { Prepared } from '../../infrastructure/database/prepared.js';
import type { Principal } from '../../infrastructure/http/request-context.js';
import { validate } from '../../infrastructure/http/validate.js';
import { type EffectOutcome, notApplied } from '../../workflow/domain/effect-refusal.js';
import type { EffectInput, FlowPlugin, NotificationInput, PlannedMessage, PluginDeps, StartPlan } from '../../workflow/domain/flow-plugin.js';
import { reviewMoved } from '../shared/effect-checks.js';
import { requestHold, settlementOf } from '../shared/hold-settlement.js';
import { reviewMessages } from '../shared/review-messages.js';
import { planVehicleBookingStart, readVehicleBookingStart, vehicleTime } from './vehicle-booking.start.js';

const definition = vehicleBookingFlow as unknown as FlowDefinition;

/** A booking's hold (`vehicle_booking`) as its events move it: the rule its effect writes, folded by the rebuild too. */
export const VEHICLE_BOOKING_HOLD = requestHold(definition, ['vehicle_booking']);

// Bookings not ended yet, pending or approved, by start (at most 200).
const UPCOMING_SQL = `SELECT b.instance_id AS id, v.plate,
       to_char(lower(b.period) AT TIME ZONE $1::text, 'YYYY-MM-DD HH24:MI') AS start, to_char(upper(b.period) AT TIME ZONE $1::text, 'YYYY-MM-DD HH24:MI') AS "end",
       i.form->>'destination' AS destination, (i.form->>'passengers')::int AS passengers, u.name AS applicant, b.status
  FROM vehicle_booking b JOIN vehicle v ON v.id = b.vehicle_id JOIN wf_instance i ON i.id = b.instance_id JOIN sys_user u ON u.id = i.applicant_id
 WHERE upper(b.period) > now() ORDER BY lower(b.period) LIMIT 200`;

/**
 * 用车预订 on the engine (docs/adr/0064-duty-rosters.md#vehicle-booking; its start: vehicle-booking.start.ts): an
 * enabled vehicle, passengers within its seats, its time booked with the start (the exclusion constraint refuses an
 * overlap); the office decides; ended without passing, the time is free again; approved, the booking stands if still
 * held.
 */
export const createPlugin = ({ config }: PluginDeps): FlowPlugin => ({
  definition,
  hold: VEHICLE_BOOKING_HOLD,

  async buildStart(body: unknown, actor: Principal, db: Prepared): Promise<StartPlan> {
    const form = validate(vehicleBookingFormSchema, body);
    const time = vehicleTime(form, { now: Date.now(), timeZone: config.timeZone });
    return planVehicleBookingStart(form, await readVehicleBookingStart(db, form), actor, time);
  },

  subject: (context: unknown) => String((context as VehicleBookingContext).form.plate ?? ''),

  messages: (input: NotificationInput): PlannedMessage[] => reviewMessages(definition, input),

  async effects({ instanceId, before, after }: EffectInput, db): Promise<EffectOutcome | undefined> {
    const review = reviewMoved(definition, before, after);
    if (review === null) return undefined;
    const settle = settlementOf(review);
    if (settle === 'stand') {
      const rows = await db.query<{ status: string }[]>(`SELECT status FROM vehicle_booking WHERE instance_id = $1 FOR UPDATE`, [instanceId]);
      if (rows.length === 0 || rows.some((r) => r.status !== 'pending')) return notApplied('workflow.effectRefusedHoldGone');
      await db.query(`UPDATE vehicle_booking SET status = 'passed' WHERE instance_id = $1 AND status = 'pending'`, [instanceId]);
    } else if (settle === 'release') await db.query(`DELETE FROM vehicle_booking WHERE instance_id = $1`, [instanceId]);
    return undefined;
  },

  views: {
    /** The bookings not ended yet, pending and approved, of every vehicle (the console's list, the phone page's). */
    upcoming: {
      query: z.object({}),
      async read(_q: unknown, _actor: Principal, db: Prepared): Promise<VehicleBookingRow[]> {
        return (await db.query(UPCOMING_SQL, [config.timeZone])) as VehicleBookingRow[];
      },
    },
  },

  /** The vehicles one may book: enabled, with their seats. */
  async options(field: string, _actor: Principal, db: Prepared) {
    if (field !== 'vehicleId') return [];
    return (await db.query(`SELECT id AS value, plate || '（' || seats || '）' AS label FROM vehicle WHERE enabled ORDER BY plate`, [])) as { value: string; label: string }[];
  },
});
