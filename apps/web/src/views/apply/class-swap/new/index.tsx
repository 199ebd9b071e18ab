import { type ClassDay, dayLessonClash, type DayLesson } from '@schoolflow/contracts';
import { flowOf } from '@schoolflow/workflows';
import type { ViewProps } from '../../../../router/view-props.js';
import { type Draft, FlowForm } from '../../../../workflow/flow-form.js';
import { ClassDayCard, useClassDay } from '../../class-day/class-day-card.js';
import { formText } from '../../form-text.js';

/** The room of my lesson of the class at a period of a day, as the day shows it; null: none there (yet). */
const roomOfMyLesson = (day: ClassDay | null, period: number): string | null => {
  const mine = day?.lessons.filter((l) => l.ofClass && l.mine && l.period === period) ?? [];
  return (mine.find((l) => !l.leaving) ?? mine[0])?.classroomId ?? null;
};

/**
 * Where the lesson arrives: the class's lesson there is the one it swaps with, no clash; anything else of mine there,
 * or in the room the lesson brings with it (the server moves a lesson with its own room, not the class's), is — the
 * one rule, `dayLessonClash`.
 */
const arriving = (room: string | null) => (lesson: DayLesson) => (lesson.ofClass && lesson.classId !== null ? null : dayLessonClash(lesson, room));

/** The class's day at both places: where the lesson leaves, where it arrives (the same card twice on one date). */
function ClassSwapDays({ values }: { values: Draft }) {
  const classId = formText(values.classId);
  const from = { date: formText(values.fromDate), period: Number(formText(values.fromPeriod)) };
  const to = { date: formText(values.toDate), period: Number(formText(values.toPeriod)) };
  // the source card's day (its query, shared with the card): the lesson that moves, and so its room
  const fromDay = useClassDay('class-swap', classId, from.date);
  const none = () => null;
  if (from.date && from.date === to.date) {
    const marks = [
      ...(from.period ? [{ period: from.period, as: 'from' as const, clashes: none }] : []),
      ...(to.period ? [{ period: to.period, as: 'to' as const, clashes: (lesson: DayLesson, day: ClassDay) => arriving(roomOfMyLesson(day, from.period))(lesson) }] : []),
    ];
    return <ClassDayCard flow="class-swap" classId={classId} date={from.date} marks={marks} testId="class-day-from" />;
  }
  const room = fromDay && fromDay.date === from.date ? roomOfMyLesson(fromDay, from.period) : null;
  return (
    <div>
      <ClassDayCard flow="class-swap" classId={classId} date={from.date} marks={from.period ? [{ period: from.period, as: 'from', clashes: none }] : []} testId="class-day-from" />
      <ClassDayCard flow="class-swap" classId={classId} date={to.date} marks={to.period ? [{ period: to.period, as: 'to', clashes: arriving(room) }] : []} testId="class-day-to" />
    </div>
  );
}

/** 调课: the kit's form, with the class's day at the lesson's place and at its new one beside it. */
export default function ClassSwapNewView(_props: ViewProps) {
  const def = flowOf('class-swap');
  return def ? <FlowForm def={def} Aside={ClassSwapDays} /> : null;
}
