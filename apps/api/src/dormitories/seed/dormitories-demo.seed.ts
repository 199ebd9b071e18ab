import type { EntityManager } from 'typeorm';

const FLOORS = 4;
const ROOMS_PER_FLOOR = 4;
const BEDS = 6;

/**
 * The demo's dormitories (DESIGN §15: "buildings and rooms with its boarding students in beds";
 * docs/product/campus-life.md#dormitories): a boys' and a girls' building of 16 six-bed rooms each (one room with a
 * broken bed: 6 beds, 5 in use), every boarder of 高二, 高三 and 高一(1)班 in a bed, classmates side by side — 高一(2)班's
 * boarders are left without one, so a bulk allocation has someone to place — and one hygiene inspection of yesterday.
 */
export async function seedDemoDormitories(tx: EntityManager, at: { today: string; adminId: string }): Promise<void> {
  const buildings = [
    { code: 'D1', name: '男生宿舍1号楼', gender: 'M', sort: 1 },
    { code: 'D2', name: '女生宿舍2号楼', gender: 'F', sort: 2 },
  ] as const;
  for (const b of buildings) {
    const [row] = (await tx.query(`INSERT INTO dorm_building (code, name, floors, sort) VALUES ($1, $2, $3, $4) RETURNING id`, [b.code, b.name, FLOORS, b.sort])) as { id: string }[];
    for (let floor = 1; floor <= FLOORS; floor += 1) {
      for (let n = 1; n <= ROOMS_PER_FLOOR; n += 1) {
        const last = floor === FLOORS && n === ROOMS_PER_FLOOR;
        await tx.query(`INSERT INTO dorm_room (building_id, code, floor, gender, beds_total, beds_effective, sort) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
          row?.id,
          `${floor}0${n}`,
          floor,
          b.gender,
          BEDS,
          last ? BEDS - 1 : BEDS,
          floor * 10 + n,
        ]);
      }
    }
  }
  // Beds in order, each gender's boarders by class and number into its rooms in order: the n-th boarder the n-th free bed.
  await tx.query(
    `WITH first_class AS (SELECT id FROM admin_class WHERE grade = 10 ORDER BY sort, code LIMIT 1),
          beds AS (SELECT r.id AS room_id, r.gender, g.bed_no, row_number() OVER (PARTITION BY r.gender ORDER BY r.sort, g.bed_no) AS n
                     FROM dorm_room r CROSS JOIN LATERAL generate_series(1, r.beds_effective) AS g(bed_no)),
          boarders AS (SELECT s.id, s.gender, row_number() OVER (PARTITION BY s.gender ORDER BY c.grade DESC, c.sort, c.code, s.student_no) AS n
                         FROM student s JOIN admin_class c ON c.id = s.class_id
                        WHERE s.status = 'enrolled' AND s.boarding = 'boarding' AND c.in_school AND (c.grade > 10 OR c.id IN (SELECT id FROM first_class))),
          placed AS (INSERT INTO dorm_allocation (student_id, room_id, bed_no)
                     SELECT b.id, d.room_id, d.bed_no FROM boarders b JOIN beds d ON d.gender = b.gender AND d.n = b.n
                     RETURNING student_id, room_id, bed_no)
     INSERT INTO dorm_allocation_log (student_id, room_id, bed_no, kind, actor_id) SELECT student_id, room_id, bed_no, 'attached', $1 FROM placed`,
    [at.adminId],
  );
  await tx.query(
    `INSERT INTO dorm_inspection (room_id, inspected_on, score, remark, inspector_id)
     SELECT r.id, $1::date - 1, 92, '地面整洁，被褥叠放整齐；阳台有杂物', $2 FROM dorm_room r JOIN dorm_building b ON b.id = r.building_id WHERE b.code = 'D1' AND r.code = '101'`,
    [at.today, at.adminId],
  );
}
