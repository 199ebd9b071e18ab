import type { FlowDefinition } from './engine/flow.js';
import { leaveFlow } from './leave/leave.flow.js';
import { travelFlow } from './travel/travel.flow.js';
import { dayReadingFlow } from './day-reading/day-reading.flow.js';
import { classroomLoanFlow } from './classroom-loan/classroom-loan.flow.js';
import { statusChangeFlow } from './student-status-change/student-status-change.flow.js';
import { readingProofFlow } from './reading-proof/reading-proof.flow.js';
import { gradeProofFlow } from './grade-proof/grade-proof.flow.js';
import { gradeConfirmationFlow } from './grade-confirmation/grade-confirmation.flow.js';
import { semesterUpgradeFlow } from './semester-upgrade/semester-upgrade.flow.js';
import { makeUpClassFlow } from './make-up-class/make-up-class.flow.js';
import { classSwapFlow } from './class-swap/class-swap.flow.js';
import { awardReviewFlow } from './award-review/award-review.flow.js';
import { finalEvaluationFlow } from './final-evaluation/final-evaluation.flow.js';
import { zoubanChangeFlow } from './zouban-change/zouban-change.flow.js';
import { electiveCourseFlow } from './elective-course/elective-course.flow.js';
import { repairFlow } from './repair/repair.flow.js';
import { workTaskFlow } from './work-task/work-task.flow.js';
import { organisationJoinFlow } from './organisation-join/organisation-join.flow.js';
import { dutySwapFlow } from './duty-swap/duty-swap.flow.js';
import { vehicleBookingFlow } from './vehicle-booking/vehicle-booking.flow.js';

/**
 * Every flow by its API name (`/api/workflows/{flow}`): the one place that lists them. The server, the browser and
 * the tests find a flow here and read everything else from its declaration.
 */
export const FLOWS: Readonly<Record<string, FlowDefinition>> = {
  leave: leaveFlow as unknown as FlowDefinition,
  travel: travelFlow as unknown as FlowDefinition,
  'day-reading': dayReadingFlow as unknown as FlowDefinition,
  'classroom-loan': classroomLoanFlow as unknown as FlowDefinition,
  'student-status-change': statusChangeFlow as unknown as FlowDefinition,
  'reading-proof': readingProofFlow as unknown as FlowDefinition,
  'grade-proof': gradeProofFlow as unknown as FlowDefinition,
  'grade-confirmation': gradeConfirmationFlow as unknown as FlowDefinition,
  'semester-upgrade': semesterUpgradeFlow as unknown as FlowDefinition,
  'make-up-class': makeUpClassFlow as unknown as FlowDefinition,
  'class-swap': classSwapFlow as unknown as FlowDefinition,
  'award-review': awardReviewFlow as unknown as FlowDefinition,
  'final-evaluation': finalEvaluationFlow as unknown as FlowDefinition,
  'zouban-change': zoubanChangeFlow as unknown as FlowDefinition,
  'elective-course': electiveCourseFlow as unknown as FlowDefinition,
  repair: repairFlow as unknown as FlowDefinition,
  'work-task': workTaskFlow as unknown as FlowDefinition,
  'organisation-join': organisationJoinFlow as unknown as FlowDefinition,
  'duty-swap': dutySwapFlow as unknown as FlowDefinition,
  'vehicle-booking': vehicleBookingFlow as unknown as FlowDefinition,
};

export function flowOf(flow: string): FlowDefinition | undefined {
  return Object.hasOwn(FLOWS, flow) ? FLOWS[flow] : undefined;
}
