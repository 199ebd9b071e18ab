import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * 图片管理 (docs/product/campus-life.md#pictures, docs/adr/0066-pictures-and-home-cards.md): albums and their pictures.
 * A picture is a file of the files module (uploaded through `/file/upload`, its type checked by its bytes), linked
 * (`sys_file_link`, ref_type `picture`, the picture's id) with its thumbnail so the sweep keeps both.
 *
 * - `picture_album`: a school-wide, class or activity album; `roles` (empty: everyone) and, for a class album, the
 *   class limit who sees it; `on_home` puts its pictures in the home page's carousel; `cover_id` the chosen cover.
 * - `album_picture`: one row a picture, its file, its thumbnail's file, its caption and its place.
 * - `picture_albums_of(user, roles, manage)`: the one definition of who sees and who edits which album — the
 *   repository and the file store (a picture's download) both ask it.
 *
 * Menu 图片管理 (/pictures) for every role, `pictures:manage` for administrators and the office: granted here on a
 * school that has roles; on a fresh database the demo seed makes the menu and the grants.
 */
export class Pictures1732000065000 implements MigrationInterface {
  name = 'Pictures1732000065000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE picture_album (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        title text NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 50),
        description text NOT NULL DEFAULT '' CHECK (length(description) <= 500),
        scope text NOT NULL CHECK (scope IN ('school', 'class', 'activity')),
        class_id uuid REFERENCES admin_class(id) ON DELETE CASCADE,
        roles text[] NOT NULL DEFAULT '{}',
        on_home boolean NOT NULL DEFAULT false,
        cover_id uuid,
        created_by uuid REFERENCES sys_user(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((scope = 'class') = (class_id IS NOT NULL))
      )`);
    await q.query(`CREATE INDEX picture_album_class ON picture_album (class_id) WHERE class_id IS NOT NULL`);
    await q.query(`
      CREATE TABLE album_picture (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        album_id uuid NOT NULL REFERENCES picture_album(id) ON DELETE CASCADE,
        res_id uuid NOT NULL REFERENCES sys_file(res_id),
        thumb_res_id uuid REFERENCES sys_file(res_id),
        caption text NOT NULL DEFAULT '' CHECK (length(caption) <= 100),
        position integer NOT NULL,
        created_by uuid REFERENCES sys_user(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX album_picture_order ON album_picture (album_id, position)`);
    await q.query(`CREATE INDEX album_picture_res ON album_picture (res_id)`);
    await q.query(`CREATE INDEX album_picture_thumb ON album_picture (thumb_res_id) WHERE thumb_res_id IS NOT NULL`);
    await q.query(`ALTER TABLE picture_album ADD CONSTRAINT picture_album_cover FOREIGN KEY (cover_id) REFERENCES album_picture(id) ON DELETE SET NULL`);
    await q.query(`
      CREATE FUNCTION picture_albums_of(p_user uuid, p_roles text[], p_manage boolean)
      RETURNS TABLE (album_id uuid, editable boolean)
      LANGUAGE sql STABLE AS $fn$
        SELECT a.id, (p_manage OR (a.class_id IS NOT NULL AND c.head_teacher_id = p_user)) AS editable
          FROM picture_album a LEFT JOIN admin_class c ON c.id = a.class_id
         WHERE p_manage
            OR a.created_by = p_user
            OR (a.class_id IS NOT NULL AND c.head_teacher_id = p_user)
            OR ((cardinality(a.roles) = 0 OR a.roles && p_roles)
                AND (a.class_id IS NULL
                     OR EXISTS (SELECT 1 FROM student s WHERE s.class_id = a.class_id AND s.user_id = p_user)
                     OR EXISTS (SELECT 1 FROM guardian g JOIN student s ON s.id = g.student_id WHERE s.class_id = a.class_id AND g.user_id = p_user)
                     OR EXISTS (SELECT 1 FROM teaching_assignment t WHERE t.class_id = a.class_id AND t.teacher_id = p_user)))
      $fn$`);

    // An existing school: its roles exist, so the menu and the grants go in (a fresh one gets them from the demo seed).
    await q.query(`
      INSERT INTO sys_menu (parent_id, name, name_en, url, permission, icon, sort, remark)
      SELECT NULL, '图片管理', 'Pictures', '/pictures', 'menu:pictures', 'images outline', 77, '{}'
       WHERE EXISTS (SELECT 1 FROM sys_role) AND NOT EXISTS (SELECT 1 FROM sys_menu WHERE url = '/pictures')`);
    await q.query(`INSERT INTO sys_role_menu (role_id, menu_id) SELECT r.id, m.id FROM sys_role r, sys_menu m WHERE m.url = '/pictures' ON CONFLICT DO NOTHING`);
    await q.query(`INSERT INTO sys_role_permission (role_id, permission) SELECT id, 'pictures:manage' FROM sys_role WHERE code IN ('admin', 'office') ON CONFLICT DO NOTHING`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM sys_file_link WHERE ref_type = 'picture'`);
    await q.query(`DROP FUNCTION IF EXISTS picture_albums_of(uuid, text[], boolean)`);
    await q.query(`ALTER TABLE IF EXISTS picture_album DROP CONSTRAINT IF EXISTS picture_album_cover`);
    await q.query(`DROP TABLE IF EXISTS album_picture`);
    await q.query(`DROP TABLE IF EXISTS picture_album`);
    await q.query(`DELETE FROM sys_menu WHERE url = '/pictures'`);
    await q.query(`DELETE FROM sys_role_permission WHERE permission IN ('pictures:manage', 'menu:pictures')`);
  }
}
