export const timetablePage = {
  inquiry: { title: 'Timetable' },
  scheduling: { title: 'Scheduling' },
} as const;
