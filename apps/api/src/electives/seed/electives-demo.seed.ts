import type { EntityManager } from 'typeorm';

/** The demo's passed elective courses: name, teacher's account, grades, capacity, minimum size, which free slot. */
export const DEMO_ELECTIVES: readonly { code: string; name: string; teacher: string; grades: number[]; capacity: number; minSize: number; slot: number; description: string }[] = [
  { code: 'XKROBOT', name: '机器人编程', teacher: 'teacher', grades: [10, 11], capacity: 30, minSize: 10, slot: 0, description: '用积木式编程和 Python 控制机器人完成巡线、避障任务，培养计算思维。' },
  { code: 'XKBASKET', name: '篮球', teacher: 'teacher01', grades: [10, 11, 12], capacity: 40, minSize: 12, slot: 1, description: '篮球基本技术与战术配合，每学期末进行班级联赛。' },
  // the same slot as 机器人编程 on purpose: a student who holds one is told the time clash when choosing the other
  { code: 'XKCALLI', name: '书法鉴赏', teacher: 'teacher02', grades: [10, 11, 12], capacity: 30, minSize: 8, slot: 0, description: '临摹历代名帖，了解楷、行、隶书的源流与审美。' },
  { code: 'XKDRAMA', name: '英语戏剧', teacher: 'teacher03', grades: [10, 11], capacity: 25, minSize: 8, slot: 2, description: '排演经典英语短剧，在表演中提升口语与合作能力。' },
];

/**
 * 选修课's demo (docs/product/electives.md#demo): four passed elective courses of the current semester (with their
 * catalogue courses) so a batch can be opened at once. Their slots are periods free for every class in the published
 * timetable (Saturday ones when the week has none), so a student's own lessons never clash with them.
 */
export async function seedDemoElectives(tx: EntityManager, at: { semesterId: string; userId: Map<string, string> }): Promise<void> {
  const free = (await tx.query(
    `SELECT json_build_object('weekday', w, 'period', p.no) AS slot
       FROM generate_series(1, 5) w, lesson_period p
      WHERE NOT EXISTS (SELECT 1 FROM timetable t JOIN timetable_lesson l ON l.timetable_id = t.id
                         WHERE t.semester_id = $1 AND t.state = 'published' AND l.weekday = w AND l.period = p.no)
      ORDER BY p.no DESC, w LIMIT 3`,
    [at.semesterId],
  )) as { slot: { weekday: number; period: number } }[];
  const slots = [...free.map((f) => f.slot), { weekday: 6, period: 1 }, { weekday: 6, period: 2 }, { weekday: 6, period: 3 }];
  for (const e of DEMO_ELECTIVES) {
    const [course] = (await tx.query(
      `INSERT INTO course (code, name, short_name, sort, type, category, national, description) VALUES ($1, $2, $2, 9000, 'elective', 'expanded', false, $3) RETURNING id`,
      [e.code, e.name, e.description],
    )) as { id: string }[];
    await tx.query(
      `INSERT INTO elective_course (course_id, semester_id, name, description, grades, capacity, min_size, slots, teacher_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [course?.id, at.semesterId, e.name, e.description, e.grades, e.capacity, e.minSize, JSON.stringify([slots[e.slot]]), at.userId.get(e.teacher)],
    );
  }
}
