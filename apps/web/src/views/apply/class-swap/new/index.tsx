import { type ClassDay, dayLessonClash, type DayLesson } from '@schoolflow/contracts';
import { flowOf } from '@schoolflow/workflows';
import type { ViewProps } from '../../../../router/view-registry.js';
import { type Draft, FlowForm } from '../../../../workflow/flow-form.js';
import { ClassDayCard } from '../../class-day/class-day-card.js';

const text = (v: Draft[string] | undefined) => (typeof v === 'string' ? v : '');

/**
 * Where the lesson arrives: the class's lesson there is the one it swaps with, no clash; anything else of mine there, or
 * in the class's room then, is (the one rule, `dayLessonClash`).
 */
const arriving = (lesson: DayLesson, day: ClassDay) => (lesson.ofClass && lesson.classId !== null ? null : dayLessonClash(lesson, day.homeRoomId));

/** The class's day at both places: where the lesson leaves, where it arrives (the same card twice on one date). */
function ClassSwapDays({ values }: { values: Draft }) {
  const classId = text(values.classId);
  const from = { date: text(values.fromDate), period: Number(text(values.fromPeriod)) };
  const to = { date: text(values.toDate), period: Number(text(values.toPeriod)) };
  const none = () => null;
  if (from.date && from.date === to.date) {
    const marks = [
      ...(from.period ? [{ period: from.period, as: 'from' as const, clashes: none }] : []),
      ...(to.period ? [{ period: to.period, as: 'to' as const, clashes: arriving }] : []),
    ];
    return <ClassDayCard flow="class-swap" classId={classId} date={from.date} marks={marks} testId="class-day-from" />;
  }
  return (
    <div>
      <ClassDayCard flow="class-swap" classId={classId} date={from.date} marks={from.period ? [{ period: from.period, as: 'from', clashes: none }] : []} testId="class-day-from" />
      <ClassDayCard flow="class-swap" classId={classId} date={to.date} marks={to.period ? [{ period: to.period, as: 'to', clashes: arriving }] : []} testId="class-day-to" />
    </div>
  );
}

/** 调课: the kit's form, with the class's day at the lesson's place and at its new one beside it. */
export default function ClassSwapNewView(_props: ViewProps) {
  const def = flowOf('class-swap');
  return def ? <FlowForm def={def} Aside={ClassSwapDays} /> : null;
}
