/**
 * How many students an administrative class has in its lessons, as SQL over the class aliased `alias`: its enrolled
 * students (a suspended, transferred-out or graduated one is not taught). The room a lesson is put in must seat this
 * many; the scheduler, the editor and a make-up or swap all read it from here.
 */
export function classSizeSql(alias: string): string {
  return `(SELECT count(*)::int FROM student s WHERE s.class_id = ${alias}.id AND s.status = 'enrolled')`;
}
