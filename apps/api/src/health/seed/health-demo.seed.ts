import { addDays, scoreFitness } from '@schoolflow/contracts';
import type { EntityManager } from 'typeorm';

/**
 * 健康管理's demo (docs/product/campus-life.md#health-care): a few infirmary visits, conditions of each risk level
 * (the demo student 202511001's is medium, so their page carries the flag), a policy, and one physical-exam batch —
 * 高一(1)班, three weeks ago — scored by the national fitness standard as the server scores an entry. Dates are relative
 * to the day of seeding.
 */
export async function seedDemoHealth(tx: EntityManager, at: { today: string }): Promise<void> {
  const ids = new Map(((await tx.query(`SELECT id, student_no FROM student WHERE student_no IN ('202511001', '202521001', '202511002', '202411001')`)) as { id: string; student_no: string }[]).map((r) => [r.student_no, r.id]));
  const sid = (no: string) => ids.get(no) as string;
  await tx.query(
    `INSERT INTO health_condition (student_id, name, risk_level, diagnosed_on, description, care_advice) VALUES
       ($1, '过敏性哮喘', 'medium', $4, '春秋季易发作，随身携带沙丁胺醇气雾剂。', '剧烈运动前做好热身；发作时协助使用气雾剂并通知校医。'),
       ($2, '花生过敏', 'high', $5, '接触花生制品可能引起严重过敏反应。', '食堂及集体活动避免花生制品；出现呼吸困难立即拨打120并通知校医。'),
       ($3, '近视', 'low', $6, '双眼近视约300度。', '安排靠前座位。')`,
    [sid('202511001'), sid('202521001'), sid('202411001'), addDays(at.today, -400), addDays(at.today, -700), addDays(at.today, -200)],
  );
  await tx.query(
    `INSERT INTO health_visit (student_id, visited_on, complaint, diagnosis, treatment, outcome) VALUES
       ($1, $4, '头痛、咽痛，体温37.8℃', '上呼吸道感染', '物理降温，建议就医', 'sentHome'),
       ($2, $5, '体育课跑步时膝盖擦伤', '右膝皮肤擦伤', '清创消毒，包扎', 'backToClass'),
       ($3, $6, '胸闷、轻微喘息', '哮喘轻度发作', '使用气雾剂后休息30分钟，症状缓解', 'rested')`,
    [sid('202411001'), sid('202511002'), sid('202511001'), addDays(at.today, -3), addDays(at.today, -10), addDays(at.today, -17)],
  );
  await tx.query(
    `INSERT INTO health_insurance (student_id, insurer, policy_no, plan, start_date, end_date) VALUES ($1, '中国人寿', 'XPX2025-0001', '学生平安保险', $2, $3)`,
    [sid('202511001'), addDays(at.today, -90), addDays(at.today, 275)],
  );
  // 高一(1)班's physical exams: plausible measurements that vary by student, scored as an entry would be
  const students = (await tx.query(`SELECT s.id, s.gender, c.grade FROM student s JOIN admin_class c ON c.id = s.class_id WHERE c.code = '202501' ORDER BY s.student_no`)) as { id: string; gender: 'M' | 'F'; grade: number }[];
  const examDate = addDays(at.today, -21);
  for (const [i, s] of students.entries()) {
    const k = (i * 7) % 10; // 0…9: how fit this student is
    const boy = s.gender === 'M';
    const m = {
      heightCm: boy ? 165 + (i % 15) : 155 + (i % 12),
      weightKg: boy ? 52 + ((i * 3) % 25) : 45 + ((i * 3) % 18),
      vitalCapacity: boy ? 3000 + k * 170 : 2000 + k * 120,
      sprint50m: Math.round((boy ? 8.6 - k * 0.15 : 9.8 - k * 0.18) * 10) / 10,
      sitAndReach: Math.round((boy ? 4 + k * 2 : 7 + k * 1.9) * 10) / 10,
      standingLongJump: boy ? 200 + k * 6 : 150 + k * 5,
      strength: boy ? 4 + k : 25 + k * 3,
      enduranceRun: boy ? 290 - k * 8 : 275 - k * 6,
    };
    const r = scoreFitness(m, s.gender, s.grade);
    await tx.query(
      `INSERT INTO health_exam (student_id, exam_date, height_cm, weight_kg, vital_capacity, sprint50m, sit_and_reach, standing_long_jump, strength, endurance_run, bmi, item_scores, total_score, rating)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb, $13, $14)`,
      [s.id, examDate, m.heightCm, m.weightKg, m.vitalCapacity, m.sprint50m, m.sitAndReach, m.standingLongJump, m.strength, m.enduranceRun, r.bmi, JSON.stringify(r.scores), r.total, r.rating],
    );
  }
}
