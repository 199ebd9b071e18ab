import * as XLSX from '@e965/xlsx';
import { escapeCell, type Language, type Lesson, periodLabel, sheetName, type TimetableAnswer } from '@schoolflow/contracts';
import { translate } from '../../../infrastructure/i18n/i18n.js';

export type SheetBy = 'class' | 'teacher' | 'classroom';

/** The sheet a lesson belongs on, and what its cell names besides the course (the other two of class, teacher, room). */
const SHEETS: Record<SheetBy, { key: (l: Lesson) => string | null; name: (l: Lesson) => string; cell: (l: Lesson) => (string | null)[] }> = {
  class: { key: (l) => l.classId ?? l.teachingClassId, name: (l) => l.className, cell: (l) => [l.teacherName, l.classroomName] },
  teacher: { key: (l) => l.teacherId, name: (l) => l.teacherName, cell: (l) => [l.className, l.classroomName] },
  classroom: { key: (l) => l.classroomId, name: (l) => l.classroomName ?? '', cell: (l) => [l.className, l.teacherName] },
};

/**
 * The inquiry's answer as a workbook (issue 9: export to Excel): one sheet per class, teacher or room, each the week's
 * grid — a row per period with its times, a column per school day (with its date when a week was asked for, and the
 * days after them that hold a make-up or swapped lesson that week); a cell
 * the course and the other two of class, teacher and room, a make-up or swap marked. Every cell is written as a value
 * and escaped, never a formula.
 */
export function timetableWorkbook(answer: TimetableAnswer, by: SheetBy, lang: Language): Buffer {
  const how = SHEETS[by];
  const groups = new Map<string, { name: string; lessons: Lesson[] }>();
  for (const l of answer.lessons) {
    const key = how.key(l);
    if (!key) continue;
    const g = groups.get(key) ?? { name: how.name(l), lessons: [] };
    g.lessons.push(l);
    groups.set(key, g);
  }
  // the school days, and in a week the days after them that hold a make-up or a swapped lesson
  const days = [...Array.from({ length: answer.days }, (_, i) => i + 1), ...answer.extraDays];
  const head = [
    translate(lang, 'timetable.export.period'),
    translate(lang, 'timetable.export.time'),
    ...days.map((d) => `${translate(lang, `timetable.weekdays.${d}`)}${answer.dates?.[d - 1] ? ` ${answer.dates[d - 1]}` : ''}`),
  ];
  const wb = XLSX.utils.book_new();
  const taken = new Set<string>();
  const sorted = [...groups.values()].sort((a, b) => a.name.localeCompare(b.name, lang === 'zh' ? 'zh-CN' : 'en'));
  for (const g of sorted.length > 0 ? sorted : [{ name: translate(lang, 'timetable.export.fileName'), lessons: [] }]) {
    const rows = answer.periods.map((p) => [
      periodLabel(p, lang),
      `${p.start}-${p.end}`,
      ...days.map((d) =>
        g.lessons
          .filter((l) => l.weekday === d && l.period === p.no)
          .map((l) => [l.courseName, ...how.cell(l), l.change ? `[${translate(lang, `timetable.export.change.${l.change}`)}]` : null].filter(Boolean).join('\n'))
          .join('\n\n'),
      ),
    ]);
    const ws = XLSX.utils.aoa_to_sheet([head, ...rows].map((r) => r.map(escapeCell)));
    ws['!cols'] = [{ wch: 8 }, { wch: 12 }, ...days.map(() => ({ wch: 18 }))];
    // a room, class or teacher may be named `History`, or `'A'`: sheetName makes every name one Excel takes
    XLSX.utils.book_append_sheet(wb, ws, sheetName(g.name, taken, translate(lang, 'timetable.export.fileName')));
  }
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}
