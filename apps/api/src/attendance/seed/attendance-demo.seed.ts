import type { EntityManager } from 'typeorm';

/** How many school days before the seeding day get their rolls. */
const DEMO_ROLL_DAYS = 3;

/**
 * 考勤's demo (docs/product/campus-life.md#attendance): the rolls of 高一(1)班 and 高一(2)班 (the demo head teachers'
 * classes) for every lesson of the last three school days before the seeding day — dated from that day, like the rest
 * of the demo — taken by each period's teacher; nearly everyone present, a few late or absent, picked by a fixed rule
 * (the same demo every time). The demo student `student` (202511001) is always present: the tests mark them absent
 * themselves. The check-in rules keep the migration's windows and a place in the city centre, so `/qt_app/jskq` works
 * at once for a browser near it.
 */
export async function seedDemoAttendance(tx: EntityManager, at: { today: string; timeZone: string }): Promise<void> {
  const classes = (await tx.query(`SELECT id FROM admin_class WHERE enrollment_year = 2025 ORDER BY code`)) as { id: string }[];
  const ids = classes.map((c) => c.id);
  // the school days before today that have lessons (up to four weeks back), newest first
  const days = (await tx.query(
    `SELECT DISTINCT to_char(date, 'YYYY-MM-DD') AS day FROM timetable_on(($1::date - 28), ($1::date - 1), false)
      WHERE class_id = ANY($2::uuid[]) AND NOT EXISTS (SELECT 1 FROM calendar_holiday h WHERE h.day = date AND h.kind = 'holiday')
      ORDER BY day DESC LIMIT $3`,
    [at.today, ids, DEMO_ROLL_DAYS],
  )) as { day: string }[];
  if (days.length === 0) return;
  await tx.query(
    `INSERT INTO attendance_roll (class_id, day, period, course_id, teacher_id, taken_by, taken_at, updated_at)
     SELECT DISTINCT ON (l.class_id, l.date, l.period) l.class_id, l.date, l.period, l.course_id, l.teacher_id, l.teacher_id,
            (l.date + p.start_time::time + interval '5 minutes') AT TIME ZONE $5::text, (l.date + p.start_time::time + interval '5 minutes') AT TIME ZONE $5::text
       FROM timetable_on($1::date, $2::date, false) l JOIN lesson_period p ON p.no = l.period
      WHERE l.class_id = ANY($3::uuid[]) AND to_char(l.date, 'YYYY-MM-DD') = ANY($4::text[])
      ORDER BY l.class_id, l.date, l.period
     ON CONFLICT ON CONSTRAINT attendance_roll_slot_key DO NOTHING`,
    [days[days.length - 1]?.day, days[0]?.day, ids, days.map((d) => d.day), at.timeZone],
  );
  // one mark in 37 late, one in 53 absent, by a fixed rule over the student's number and the roll's slot
  await tx.query(
    `INSERT INTO attendance_mark (roll_id, student_id, status)
     SELECT r.id, s.id,
            CASE WHEN u.account = 'student' THEN 'present'
                 WHEN (hashtext(s.student_no || r.day::text || r.period) & 2147483647) % 53 = 0 THEN 'absent'
                 WHEN (hashtext(s.student_no || r.day::text || r.period) & 2147483647) % 37 = 0 THEN 'late'
                 ELSE 'present' END
       FROM attendance_roll r JOIN student s ON s.class_id = r.class_id AND s.status = 'enrolled' JOIN sys_user u ON u.id = s.user_id
      WHERE r.class_id = ANY($1::uuid[])
     ON CONFLICT DO NOTHING`,
    [ids],
  );
  // 人民广场, Shanghai: where the demo's check-in place is (an administrator sets the school's own in 考勤设置)
  await tx.query(`UPDATE attendance_setting SET latitude = 31.2304, longitude = 121.4737, radius_m = 500, place_name = '学校正门' WHERE id`);
}
