import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * 学生组织 (docs/product/campus-life.md#organisations, docs/adr/0061-organisations.md): bodies of four kinds with an
 * advisor (the resource kit's `organisation`), members' terms (`organisation_member`: a role from a day to a day; a
 * person holds one term of a body at a time — the exclusion constraint — and a term once written is history: only its
 * end may be set, earlier, never its role or start), and the activities, which are posts of the publishing area linked
 * to their body (`organisation_activity`). Join requests are the `organisation-join` flow's instances; the index finds
 * a body's among them. Pages, menus and grants are registered at start (ORGANISATION_PAGES), as 宿舍管理's are.
 */
export class Organisations1732000061000 implements MigrationInterface {
  name = 'Organisations1732000061000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS btree_gist`);
    await q.query(`
      CREATE TABLE organisation (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL CONSTRAINT organisation_name_key UNIQUE CHECK (length(btrim(name)) BETWEEN 1 AND 30),
        kind text NOT NULL CHECK (kind IN ('studentUnion', 'society', 'youthLeague', 'parentCommittee')),
        advisor_id uuid NOT NULL CONSTRAINT organisation_advisor_id_fkey REFERENCES sys_user(id),
        description text NOT NULL DEFAULT '' CHECK (length(description) <= 300),
        founded_on date,
        enabled boolean NOT NULL DEFAULT true,
        sort integer NOT NULL DEFAULT 0 CHECK (sort BETWEEN 0 AND 999)
      )`);
    await q.query(`CREATE INDEX organisation_advisor ON organisation (advisor_id)`);
    await q.query(`
      CREATE TABLE organisation_member (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organisation_id uuid NOT NULL CONSTRAINT organisation_member_organisation_id_fkey REFERENCES organisation(id),
        user_id uuid NOT NULL REFERENCES sys_user(id) ON DELETE CASCADE,
        student_id uuid REFERENCES student(id) ON DELETE SET NULL,
        role text NOT NULL CHECK (role IN ('chair', 'viceChair', 'secretary', 'member')),
        from_date date NOT NULL,
        to_date date,
        -- the join request whose approval made it (its effect writes it once), or null: added by a manager
        instance_id uuid CONSTRAINT organisation_member_instance_key UNIQUE,
        -- the term this one follows (a change of role)
        previous_id uuid REFERENCES organisation_member(id) ON DELETE SET NULL,
        created_by uuid REFERENCES sys_user(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        ended_by uuid REFERENCES sys_user(id) ON DELETE SET NULL,
        ended_at timestamptz,
        CONSTRAINT organisation_member_term CHECK (to_date IS NULL OR to_date >= from_date),
        CONSTRAINT organisation_member_no_overlap EXCLUDE USING gist (organisation_id WITH =, user_id WITH =, daterange(from_date, to_date, '[]') WITH &&)
      )`);
    await q.query(`CREATE INDEX organisation_member_user ON organisation_member (user_id)`);
    // a term is history: its end may be set (earlier than it was), nothing else changes
    await q.query(`
      CREATE FUNCTION organisation_member_history() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.organisation_id <> OLD.organisation_id OR NEW.user_id <> OLD.user_id OR NEW.role <> OLD.role OR NEW.from_date <> OLD.from_date
           OR NEW.instance_id IS DISTINCT FROM OLD.instance_id OR NEW.created_at <> OLD.created_at
           OR (OLD.to_date IS NOT NULL AND (NEW.to_date IS NULL OR NEW.to_date > OLD.to_date)) THEN
          RAISE EXCEPTION 'a term of organisation_member is history: only its end may be set, earlier' USING ERRCODE = 'restrict_violation';
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`CREATE TRIGGER organisation_member_keep_history BEFORE UPDATE ON organisation_member FOR EACH ROW EXECUTE FUNCTION organisation_member_history()`);
    await q.query(`
      CREATE TABLE organisation_activity (
        post_id uuid PRIMARY KEY REFERENCES post(id) ON DELETE CASCADE,
        organisation_id uuid NOT NULL CONSTRAINT organisation_activity_organisation_id_fkey REFERENCES organisation(id),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX organisation_activity_body ON organisation_activity (organisation_id, created_at DESC)`);
    // a body's join requests, found by the body the form view names
    await q.query(`CREATE INDEX wf_instance_organisation_join ON wf_instance ((form->>'bodyId')) WHERE flow = 'organisation-join'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS wf_instance_organisation_join`);
    await q.query(`DROP TABLE IF EXISTS organisation_activity`);
    await q.query(`DROP TABLE IF EXISTS organisation_member`);
    await q.query(`DROP FUNCTION IF EXISTS organisation_member_history()`);
    await q.query(`DROP TABLE IF EXISTS organisation`);
    await q.query(`DELETE FROM sys_role_permission WHERE permission LIKE 'organisations:%' OR permission LIKE 'menu:xszz%'`);
  }
}
