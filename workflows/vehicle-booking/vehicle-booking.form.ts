import { DEFAULT_SCHOOL_TZ, parseSchoolTime, requiredText, schoolTimeText } from '@schoolflow/contracts';
import { z } from 'zod';
import type { FormField } from '../engine/flow.js';

export const VEHICLE_DESTINATION_MAX = 100;
export const VEHICLE_REASON_MAX = 200;
export const VEHICLE_PASSENGERS_MAX = 60;

/**
 * 用车预订 (docs/product/office.md#vehicle-booking): `{vehicleId, start, end, destination, passengers, reason}` — a
 * vehicle for a time (school time, the end after the start), where to, how many (at most the vehicle's seats: the
 * server checks) and why.
 */
export const vehicleBookingFormSchema = z
  .object({
    vehicleId: z.string({ error: 'duty.validation.vehicleRequired' }).uuid('duty.validation.vehicleRequired'),
    start: schoolTimeText('validation.startRequired'),
    end: schoolTimeText('validation.endRequired'),
    destination: requiredText('duty.validation.destinationRequired', VEHICLE_DESTINATION_MAX, 'duty.validation.destinationTooLong'),
    passengers: z.coerce
      .number({ error: 'duty.validation.passengersInvalid' })
      .int('duty.validation.passengersInvalid')
      .min(1, 'duty.validation.passengersInvalid')
      .max(VEHICLE_PASSENGERS_MAX, 'duty.validation.passengersInvalid'),
    reason: requiredText('duty.validation.reasonRequired', VEHICLE_REASON_MAX, 'duty.validation.reasonTooLong'),
  })
  .refine(
    (f) => {
      const start = parseSchoolTime(f.start, DEFAULT_SCHOOL_TZ);
      const end = parseSchoolTime(f.end, DEFAULT_SCHOOL_TZ);
      return start === null || end === null || end > start;
    },
    { message: 'validation.endBeforeStart', path: ['end'] },
  );
export type VehicleBookingForm = z.infer<typeof vehicleBookingFormSchema>;

export const vehicleBookingFields: readonly FormField[] = [
  { name: 'vehicleId', kind: 'select', source: true },
  { name: 'start', kind: 'datetime' },
  { name: 'end', kind: 'datetime' },
  { name: 'destination', kind: 'text', max: VEHICLE_DESTINATION_MAX },
  { name: 'passengers', kind: 'text', max: 2 },
  { name: 'reason', kind: 'textarea', max: VEHICLE_REASON_MAX },
];
