import { FLOWS } from '@schoolflow/workflows';
import type { FlowHold } from '../workflow/domain/flow-hold.js';
import { LOAN_HOLD } from './classroom-loan/classroom-loan.plugin.js';
import { DUTY_SWAP_HOLD } from './duty-swap/duty-swap.plugin.js';
import { VEHICLE_BOOKING_HOLD } from './vehicle-booking/vehicle-booking.plugin.js';
import { changeHold } from './shared/lesson-changes.js';

/**
 * The flows that hold rows in tables of their own, by flow — their plugins' `hold` — for the rebuild, which runs
 * without the app's plugins (npm run projections:rebuild).
 */
export const FLOW_HOLDS: Readonly<Record<string, FlowHold>> = {
  'classroom-loan': LOAN_HOLD,
  'duty-swap': DUTY_SWAP_HOLD,
  'vehicle-booking': VEHICLE_BOOKING_HOLD,
  ...(FLOWS['make-up-class'] ? { 'make-up-class': changeHold(FLOWS['make-up-class']) } : {}),
  ...(FLOWS['class-swap'] ? { 'class-swap': changeHold(FLOWS['class-swap']) } : {}),
};
