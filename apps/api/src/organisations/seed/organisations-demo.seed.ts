import type { EntityManager } from 'typeorm';
import { addDays } from '@schoolflow/contracts';

interface Seat {
  /** The n-th student of the grade's first class by number (0-based), or a parent's account. */
  who: { grade: number; nth: number } | { account: string };
  role: 'chair' | 'viceChair' | 'secretary' | 'member';
  /** Days from the seeding day. */
  from: number;
  to?: number;
}

/**
 * The demo's student organisations (docs/product/campus-life.md#demo): one body of each kind, each with its advisor and
 * members, every date counted from the seeding day — the student union (teacher01), with a president who took over
 * from a predecessor whose term is kept; 高一's youth league branch (headteacher), the demo student among its members;
 * the literature society (teacher, so the demo teacher advises a body), with one activity published to its members;
 * the parent committee (office), the two demo parents on it. Part of the demo school's one seeding transaction.
 */
export async function seedDemoOrganisations(tx: EntityManager, at: { today: string }): Promise<void> {
  const accounts = (await tx.query(`SELECT account, id FROM sys_user WHERE account IN ('teacher01', 'headteacher', 'teacher', 'office')`)) as { account: string; id: string }[];
  const user = new Map(accounts.map((a) => [a.account, a.id]));
  const bodies: { name: string; kind: string; advisor: string; description: string; founded: number; sort: number; seats: Seat[] }[] = [
    {
      name: '校学生会',
      kind: 'studentUnion',
      advisor: 'teacher01',
      description: '学生自我管理、自我服务的组织，组织校园文化活动，反映同学们的意见和建议。',
      founded: -3650,
      sort: 1,
      seats: [
        { who: { grade: 11, nth: 1 }, role: 'chair', from: -420, to: -121 },
        { who: { grade: 11, nth: 0 }, role: 'viceChair', from: -420, to: -121 },
        { who: { grade: 11, nth: 0 }, role: 'chair', from: -120 },
        { who: { grade: 11, nth: 2 }, role: 'viceChair', from: -120 },
        { who: { grade: 11, nth: 3 }, role: 'secretary', from: -120 },
        { who: { grade: 10, nth: 4 }, role: 'member', from: -60 },
        { who: { grade: 10, nth: 5 }, role: 'member', from: -60 },
      ],
    },
    {
      name: '高一团支部',
      kind: 'youthLeague',
      advisor: 'headteacher',
      description: '共青团高一年级支部，开展团课学习、志愿服务和主题团日活动。',
      founded: -400,
      sort: 2,
      seats: [
        { who: { grade: 10, nth: 6 }, role: 'chair', from: -90 },
        { who: { grade: 10, nth: 7 }, role: 'viceChair', from: -90 },
        { who: { grade: 10, nth: 0 }, role: 'member', from: -90 },
        { who: { grade: 10, nth: 8 }, role: 'member', from: -90 },
      ],
    },
    {
      name: '文学社',
      kind: 'society',
      advisor: 'teacher',
      description: '读书、写作、朗诵，每两周一次读书分享会，每学期出一期社刊《晨曦》。',
      founded: -1500,
      sort: 3,
      seats: [
        { who: { grade: 11, nth: 4 }, role: 'chair', from: -200 },
        { who: { grade: 10, nth: 9 }, role: 'secretary', from: -75 },
        { who: { grade: 10, nth: 10 }, role: 'member', from: -75 },
        { who: { grade: 11, nth: 5 }, role: 'member', from: -200, to: -30 },
      ],
    },
    {
      name: '家长委员会',
      kind: 'parentCommittee',
      advisor: 'office',
      description: '家长参与学校管理的桥梁：参与膳食、安全和重大活动的讨论，反映家长的意见。',
      founded: -2000,
      sort: 4,
      seats: [
        { who: { account: 'jz202511001' }, role: 'chair', from: -100 },
        { who: { account: 'jz202511002' }, role: 'member', from: -100 },
      ],
    },
  ];
  const day = (n: number) => addDays(at.today, n);
  for (const b of bodies) {
    const advisor = user.get(b.advisor);
    if (!advisor) continue;
    const [row] = (await tx.query(`INSERT INTO organisation (name, kind, advisor_id, description, founded_on, sort) VALUES ($1, $2, $3, $4, $5::date, $6) RETURNING id`, [b.name, b.kind, advisor, b.description, day(b.founded), b.sort])) as { id: string }[];
    const bodyId = row?.id as string;
    let previous = new Map<string, string>();
    for (const s of b.seats) {
      const [person] = (
        'account' in s.who
          ? await tx.query(`SELECT u.id AS user_id, NULL::uuid AS student_id FROM sys_user u WHERE u.account = $1`, [s.who.account])
          : await tx.query(
              `SELECT s.user_id, s.id AS student_id FROM student s JOIN admin_class c ON c.id = s.class_id
                WHERE c.id = (SELECT id FROM admin_class WHERE grade = $1 ORDER BY sort, code LIMIT 1) ORDER BY s.student_no OFFSET $2 LIMIT 1`,
              [s.who.grade, s.who.nth],
            )
      ) as { user_id: string; student_id: string | null }[];
      if (!person) continue;
      const [term] = (await tx.query(
        `INSERT INTO organisation_member (organisation_id, user_id, student_id, role, from_date, to_date, previous_id, created_by, ended_by, ended_at)
         VALUES ($1, $2, $3, $4, $5::date, $6::date, $7, $8, CASE WHEN $6::date IS NULL THEN NULL ELSE $8::uuid END, CASE WHEN $6::date IS NULL THEN NULL ELSE now() END) RETURNING id`,
        [bodyId, person.user_id, person.student_id, s.role, day(s.from), s.to === undefined ? null : day(s.to), previous.get(person.user_id) ?? null, advisor],
      )) as { id: string }[];
      previous = new Map([...previous, [person.user_id, term?.id as string]]);
    }
    if (b.kind === 'society') await seedActivity(tx, bodyId, advisor, at.today);
  }
}

/** 文学社's reading session, published yesterday to its current members by its advisor, as the publishing area keeps posts. */
async function seedActivity(tx: EntityManager, bodyId: string, authorId: string, today: string): Promise<void> {
  const members = (await tx.query(
    `SELECT m.user_id, m.student_id, s.class_id FROM organisation_member m LEFT JOIN student s ON s.id = m.student_id
      WHERE m.organisation_id = $1 AND m.from_date <= $2::date AND (m.to_date IS NULL OR m.to_date >= $2::date)`,
    [bodyId, today],
  )) as { user_id: string; student_id: string | null; class_id: string | null }[];
  const start = `${addDays(today, 3)}T15:40:00+08:00`;
  const [post] = (await tx.query(
    `INSERT INTO post (kind, title, body, audience, state, place, start_at, end_at, author_id, published_at)
     VALUES ('activity', '读书分享会：《平凡的世界》', $1, $2::jsonb, 'published', '图书馆二楼阅览室', $3::timestamptz, $3::timestamptz + interval '90 minutes', $4, now() - interval '1 day') RETURNING id`,
    ['<p>本期分享路遥的《平凡的世界》，每人准备3分钟发言，欢迎带上自己的读书笔记。</p>', JSON.stringify({ userIds: members.map((m) => m.user_id) }), start, authorId],
  )) as { id: string }[];
  for (const m of members) {
    await tx.query(`INSERT INTO post_recipient (post_id, user_id, role, student_id, class_id) VALUES ($1, $2, 'student', $3, $4)`, [post?.id, m.user_id, m.student_id, m.class_id]);
  }
  await tx.query(`INSERT INTO organisation_activity (post_id, organisation_id) VALUES ($1, $2)`, [post?.id, bodyId]);
}
