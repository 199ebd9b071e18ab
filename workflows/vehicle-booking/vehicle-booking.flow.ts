import { RoleCode } from '@schoolflow/contracts';
import { defineFlow } from '../kit/define-flow.js';
import { reviewCommands } from '../kit/shared.js';
import { vehicleBookingFields, vehicleBookingFormSchema } from './vehicle-booking.form.js';
import { vehicleBookingChain } from './vehicle-booking.machine.js';

/** 用车预订, declared once: the kit's one-step chain (the office), started from the phone page `/qt_app/ycyd`. */
export const vehicleBookingFlow = defineFlow({
  ...vehicleBookingChain.declaration,
  flow: 'vehicle-booking',
  commands: reviewCommands,
  form: { schema: vehicleBookingFormSchema, fields: vehicleBookingFields },
  apply: { roles: [RoleCode.teacher, RoleCode.headTeacher, RoleCode.office, RoleCode.principal, RoleCode.gradeLeader], icon: 'car', sort: 14, ownPage: '/qt_app/ycyd' },
  formView: (d) => ({ vehicleId: d.plate ?? d.vehicleId, start: d.start, end: d.end, destination: d.destination, passengers: d.passengers, reason: d.reason }),
});
