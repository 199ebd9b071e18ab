import { flowOf } from '@schoolflow/workflows';
import type { ViewProps } from '../../../../router/view-props.js';
import { FlowForm } from '../../../../workflow/flow-form.js';
import { RoomDayPanel } from './room-day-panel.js';

/** 教室借用: the kit's form, with the chosen room's bookings of the chosen day beside it. */
export default function ClassroomLoanNewView(_props: ViewProps) {
  const def = flowOf('classroom-loan');
  return def ? <FlowForm def={def} Aside={RoomDayPanel} /> : null;
}
