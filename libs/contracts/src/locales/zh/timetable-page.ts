/** The timetable pages' texts (课表查询, 排课): the web's, kept beside the server's in the `timetable` namespace. */
export const timetablePage = {
  inquiry: { title: '课表查询' },
  scheduling: { title: '排课' },
} as const;
