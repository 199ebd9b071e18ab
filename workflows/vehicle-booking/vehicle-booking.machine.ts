import { type ChainContext, type ChainEvent, type ChainSubmitted, reviewChain } from '../kit/review-chain.js';

export interface VehicleBookingSubmitted extends ChainSubmitted {
  vehicleId: string;
  /** The plate when asked for (the pages show it as it was). */
  plate: string;
  /** ISO instants. */
  start: string;
  end: string;
  destination: string;
  passengers: number;
  reason: string;
  route: { office: string[] };
}

export type VehicleBookingEvent = ChainEvent;
export type VehicleBookingContext = ChainContext;

/**
 * 用车预订 (docs/adr/0064-duty-rosters.md#vehicle-booking): the school office decides. While pending or approved the
 * vehicle's time is the request's (booked with the start, freed when it ends rejected, withdrawn or expired — nobody
 * decided before it began: the engine's timer), as a classroom loan's.
 */
export const vehicleBookingChain = reviewChain({
  id: 'vehicle-booking',
  steps: [{ step: 'office', role: 'office', review: 'unreviewed', label: 'workflow.step.officeReview' }],
  submission: { check: ({ event }) => Date.parse(String(event.end)) > Date.parse(String(event.start)), refusal: 'validation.endBeforeStart' },
  expiresAt: (context) => String(context.form.start),
});

export const vehicleBookingMachine = vehicleBookingChain.machine;
