import { flowOf } from '@schoolflow/workflows';
import type { ViewProps } from '../../../../router/view-props.js';
import { type Draft, FlowForm } from '../../../../workflow/flow-form.js';
import { ClassDayCard, placedIn } from '../../class-day/class-day-card.js';
import { formText } from '../../form-text.js';

/** The chosen class's day on the chosen date, the chosen periods marked (a clash with the class, me or the room warned). */
function MakeUpClassDay({ values }: { values: Draft }) {
  const periods = Array.isArray(values.periods) ? values.periods.filter((p): p is string => typeof p === 'string') : [];
  const clashes = placedIn(formText(values.classroomId));
  return <ClassDayCard flow="make-up-class" classId={formText(values.classId)} date={formText(values.date)} marks={periods.map((p) => ({ period: Number(p), as: 'chosen' as const, clashes }))} />;
}

/** 补课: the kit's form (saved as a draft), with the class's day beside it. */
export default function MakeUpClassNewView(_props: ViewProps) {
  const def = flowOf('make-up-class');
  return def ? <FlowForm def={def} Aside={MakeUpClassDay} /> : null;
}
