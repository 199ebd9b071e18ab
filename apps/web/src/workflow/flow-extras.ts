import { gradeConfirmationExtras } from '../grades/grade-confirmation-extras.js';
import { semesterUpgradeExtras } from '../semester-upgrade/semester-upgrade-extras.js';
import { classSwapExtras } from '../views/apply/class-swap/class-swap-extras.js';
import { makeUpClassExtras } from '../views/apply/make-up-class/make-up-class-extras.js';
import type { FlowExtras } from './flow-extras.types.js';

/**
 * The flows with extras. The features' modules import only `flow-extras.types.ts` and `localized.ts`, never this map,
 * so no import runs in a circle.
 */
const EXTRAS: Readonly<Record<string, FlowExtras>> = {
  'grade-confirmation': gradeConfirmationExtras,
  'semester-upgrade': semesterUpgradeExtras,
  'make-up-class': makeUpClassExtras,
  'class-swap': classSwapExtras,
};

const NONE: FlowExtras = {};

export function extrasOf(flow: string): FlowExtras {
  return (Object.hasOwn(EXTRAS, flow) ? EXTRAS[flow] : undefined) ?? NONE;
}
