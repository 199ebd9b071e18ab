import type { MigrationInterface, QueryRunner } from 'typeorm';

type Query = { query(sql: string, params?: unknown[]): Promise<unknown> };

/**
 * 人脸识别 (docs/product/campus-life.md#face-recognition, docs/adr/0063-face-recognition.md).
 *
 * - `face_registration`: a person's registered face — the model's embedding (1024 numbers, `real[]`), the model that
 *   made it, the detector's confidence and the face's width, whether it came from an upload or the camera, who
 *   registered it and when. Never the photo: it is dropped once the embedding is computed.
 * - `face_group` and `face_group_member`: named groups of people (e.g. a campus's teachers) whose faces a check-in
 *   compares with.
 * - `face_setting`: one row — the match threshold, whether teachers may check in by face, the check-in group, the
 *   liveness check and its minimum.
 * - `attendance_checkin.face_similarity`: a check-in by face keeps the similarity it reached (`method` 'face', which
 *   migrations/1732000052000 allowed already).
 *
 * Menus 人脸识别 → 人脸注册 / 人脸分组 / 识别设置 and the grants (`face:register` to staff and students, `face:manage` to
 * administrators) go in here for a school that has roles, and from the demo seed after it made them
 * (`grantFaceRecognition`).
 */
export class FaceRecognition1732000062000 implements MigrationInterface {
  name = 'FaceRecognition1732000062000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE face_group (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL CONSTRAINT face_group_name_key UNIQUE CHECK (length(btrim(name)) BETWEEN 1 AND 30),
        description text NOT NULL DEFAULT '' CHECK (length(description) <= 200),
        created_by uuid REFERENCES sys_user(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE face_group_member (
        group_id uuid NOT NULL REFERENCES face_group(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES sys_user(id) ON DELETE CASCADE,
        PRIMARY KEY (group_id, user_id)
      )`);
    await q.query(`CREATE INDEX face_group_member_user ON face_group_member (user_id)`);
    await q.query(`
      CREATE TABLE face_registration (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES sys_user(id) ON DELETE CASCADE,
        embedding real[] NOT NULL CHECK (array_length(embedding, 1) BETWEEN 64 AND 4096),
        model text NOT NULL CHECK (length(model) <= 60),
        face_score real NOT NULL CHECK (face_score BETWEEN 0 AND 1),
        face_size integer NOT NULL CHECK (face_size >= 0),
        source text NOT NULL CHECK (source IN ('upload', 'camera')),
        created_by uuid REFERENCES sys_user(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX face_registration_user ON face_registration (user_id)`);
    await q.query(`
      CREATE TABLE face_setting (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        threshold real NOT NULL DEFAULT 0.6 CHECK (threshold BETWEEN 0.3 AND 0.95),
        checkin_enabled boolean NOT NULL DEFAULT true,
        checkin_group_id uuid REFERENCES face_group(id) ON DELETE SET NULL,
        liveness boolean NOT NULL DEFAULT false,
        liveness_min real NOT NULL DEFAULT 0.5 CHECK (liveness_min BETWEEN 0.1 AND 0.99),
        updated_by uuid REFERENCES sys_user(id) ON DELETE SET NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`INSERT INTO face_setting (id) VALUES (true) ON CONFLICT DO NOTHING`);
    await q.query(`ALTER TABLE attendance_checkin ADD COLUMN face_similarity real CHECK (face_similarity BETWEEN 0 AND 1)`);

    // An existing school: its roles exist, so the menus and grants go in (a fresh one gets them from the demo seed).
    await q.query(`
      INSERT INTO sys_menu (parent_id, name, name_en, url, permission, icon, sort, remark)
      SELECT NULL, '人脸识别', 'Face recognition', '/faceRecognition', 'menu:face', 'user circle', 56, '{}'
       WHERE EXISTS (SELECT 1 FROM sys_role) AND NOT EXISTS (SELECT 1 FROM sys_menu WHERE url = '/faceRecognition')`);
    await q.query(`
      INSERT INTO sys_menu (parent_id, name, name_en, url, permission, icon, sort, remark)
      SELECT p.id, v.name, v.name_en, v.url, v.permission, v.icon, v.sort, '{}'
        FROM sys_menu p, (VALUES ('人脸注册', 'Face registration', '/faceRecognition/registration', 'face:register', 'camera', 1),
                                 ('人脸分组', 'Face groups', '/faceRecognition/group', 'face:manage', 'users', 2),
                                 ('识别设置', 'Recognition settings', '/faceRecognition/config', 'face:manage', 'cogs', 3)) AS v(name, name_en, url, permission, icon, sort)
       WHERE p.url = '/faceRecognition' AND NOT EXISTS (SELECT 1 FROM sys_menu WHERE url = v.url)`);
    await grantFaceRecognition(q);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE attendance_checkin DROP COLUMN IF EXISTS face_similarity`);
    await q.query(`DROP TABLE IF EXISTS face_setting`);
    await q.query(`DROP TABLE IF EXISTS face_registration`);
    await q.query(`DROP TABLE IF EXISTS face_group_member`);
    await q.query(`DROP TABLE IF EXISTS face_group`);
    await q.query(`DELETE FROM sys_role_menu WHERE menu_id IN (SELECT id FROM sys_menu WHERE url LIKE '/faceRecognition%')`);
    await q.query(`DELETE FROM sys_menu WHERE url IN ('/faceRecognition/registration', '/faceRecognition/group', '/faceRecognition/config')`);
    await q.query(`DELETE FROM sys_menu WHERE url = '/faceRecognition'`);
    await q.query(`DELETE FROM sys_role_permission WHERE permission IN ('face:manage', 'face:register', 'menu:face')`);
  }
}

/**
 * Who holds what (docs/adr/0063-face-recognition.md#access): staff and students register their own faces; the
 * administrators manage the settings, the groups and anyone's faces. Run by the migration for an existing school and
 * by the demo seed after it made its roles.
 */
export async function grantFaceRecognition(q: Query): Promise<void> {
  const registering = ['admin', 'principal', 'office', 'headteacher', 'gradeleader', 'teacher', 'student', 'repairman', 'doctor'];
  const grants: [string, string[]][] = [
    ['face:register', registering],
    ['face:manage', ['admin']],
    ['menu:face', registering],
  ];
  for (const [permission, roles] of grants) {
    await q.query(`INSERT INTO sys_role_permission (role_id, permission) SELECT id, $1 FROM sys_role WHERE code = ANY($2::text[]) ON CONFLICT DO NOTHING`, [permission, roles]);
  }
  const menus: [string, string[]][] = [
    ['/faceRecognition', registering],
    ['/faceRecognition/registration', registering],
    ['/faceRecognition/group', ['admin']],
    ['/faceRecognition/config', ['admin']],
  ];
  for (const [url, roles] of menus) {
    await q.query(`INSERT INTO sys_role_menu (role_id, menu_id) SELECT r.id, m.id FROM sys_role r, sys_menu m WHERE m.url = $1 AND r.code = ANY($2::text[]) ON CONFLICT DO NOTHING`, [url, roles]);
  }
}
