import type { VehicleBookingForm } from '@schoolflow/workflows/vehicle-booking/vehicle-booking.form.js';
import type { VehicleBookingSubmitted } from '@schoolflow/workflows/vehicle-booking/vehicle-booking.machine.js';
import { DutyErrors } from '../../duty-rosters/duty-rosters.errors.js';
import type { Prepared } from '../../infrastructure/database/prepared.js';
import type { Principal } from '../../infrastructure/http/request-context.js';
import type { StartClock, StartPlan } from '../../workflow/domain/flow-plugin.js';
import { roleHoldersSql, schoolPeriod, withStandIns } from '../shared/student-applicant.js';

/** 用车预订's start (docs/adr/0064-duty-rosters.md#vehicle-booking): its time decided first, then read, then planned purely. */

export interface VehicleTime {
  start: string;
  end: string;
}

export interface VehicleBookingRead {
  vehicle: { id: string; plate: string; seats: number; enabled: boolean } | null;
  office: string[];
  admin: string[];
}

const START_SQL = `SELECT (SELECT json_build_object('id', v.id, 'plate', v.plate, 'seats', v.seats, 'enabled', v.enabled) FROM vehicle v WHERE v.id = $1) AS vehicle,
       ${roleHoldersSql(['office', 'admin'])}`;

/** The booking's time, purely: readable, the end after the start, inside the applications' window, not begun. */
export function vehicleTime(form: Pick<VehicleBookingForm, 'start' | 'end'>, clock: StartClock): VehicleTime {
  const { start, end } = schoolPeriod(form.start, form.end, clock.timeZone, { now: clock.now });
  if (start <= clock.now) throw DutyErrors.vehicleStartPast();
  return { start: new Date(start).toISOString(), end: new Date(end).toISOString() };
}

export async function readVehicleBookingStart(db: Prepared, form: Pick<VehicleBookingForm, 'vehicleId'>): Promise<VehicleBookingRead> {
  const [row] = (await db.query(START_SQL, [form.vehicleId])) as VehicleBookingRead[];
  return { vehicle: row?.vehicle ?? null, office: row?.office ?? [], admin: row?.admin ?? [] };
}

/**
 * Decides a booking's start, purely: an enabled vehicle, passengers at most its seats. The plan: the start event, the
 * office to decide, and the vehicle's time booked with the instance — the exclusion constraint refuses an overlap with
 * a pending or approved booking of that vehicle, even two sent at once.
 */
export function planVehicleBookingStart(form: VehicleBookingForm, read: VehicleBookingRead, actor: Pick<Principal, 'userId'>, time: VehicleTime): StartPlan {
  const v = read.vehicle;
  if (!v || !v.enabled) throw DutyErrors.vehicleUnknown();
  if (form.passengers > v.seats) throw DutyErrors.tooManyPassengers(v.seats);
  const office = withStandIns(read.office, read.admin, actor.userId);
  const data: Omit<VehicleBookingSubmitted, 'type' | 'actorId'> = {
    studentId: null,
    studentUserId: null,
    vehicleId: v.id,
    plate: v.plate,
    start: time.start,
    end: time.end,
    destination: form.destination,
    passengers: form.passengers,
    reason: form.reason,
    route: { office },
  };
  return {
    data,
    studentId: null,
    owners: [actor.userId],
    reviewers: office,
    attachments: [],
    hold: { vehicle_booking: [{ vehicle_id: v.id, period: `["${time.start}","${time.end}")` }] },
    refusals: { vehicle_booking_no_overlap: 'duty.vehicle.errors.taken' },
  };
}
