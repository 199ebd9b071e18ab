import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Questionnaires (issue 25, docs/product/questionnaires.md, docs/adr/0038): one migration for all four parts —
 * management (survey, survey_question), answering (survey_response, survey_participation, survey_device), results
 * (survey_answer, shaped for GROUP BY in SQL) — plus the category dictionary and the managing permission.
 *
 * "Answer once" is enforced by the database, not the page: every answer first claims its respondent key in
 * survey_participation (primary key; a double-clicked submit or a replayed token loses the race there). For an
 * anonymous questionnaire that claim is the ONLY trace of who answered: it has no time, no sequence and no link to the
 * response, and the response carries neither user nor key (docs/adr/0038-questionnaires.md#anonymity).
 */
export class Questionnaires1732000040000 implements MigrationInterface {
  name = 'Questionnaires1732000040000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE survey (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
        category text NOT NULL,
        description text NOT NULL DEFAULT '',
        start_at timestamptz NOT NULL,
        end_at timestamptz NOT NULL,
        anonymous boolean NOT NULL DEFAULT false,
        is_public boolean NOT NULL DEFAULT false,
        audience jsonb,
        template text CHECK (template IN ('teaching-quality')),
        enabled boolean NOT NULL DEFAULT true,
        published boolean NOT NULL DEFAULT false,
        published_at timestamptz,
        view_count bigint NOT NULL DEFAULT 0,
        response_count integer NOT NULL DEFAULT 0,
        author_id uuid NOT NULL REFERENCES sys_user(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT survey_window CHECK (end_at > start_at),
        CONSTRAINT survey_audience CHECK (is_public OR audience IS NOT NULL)
      )`);
    // "Name unique" (spec): case and edge spaces do not make a second questionnaire of the same name.
    await q.query(`CREATE UNIQUE INDEX survey_name ON survey (lower(btrim(name)))`);
    await q.query(`CREATE INDEX survey_author ON survey (author_id, created_at DESC)`);
    await q.query(`CREATE INDEX survey_open_public ON survey (end_at) WHERE is_public AND published AND enabled`);

    // Options, matrix rows and the show-if rule are read with their question, never queried apart: jsonb.
    // show_if: {question: <position of an earlier choice question>, options: [<option index>, …]}.
    await q.query(`
      CREATE TABLE survey_question (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        survey_id uuid NOT NULL REFERENCES survey(id) ON DELETE CASCADE,
        position integer NOT NULL CHECK (position >= 0),
        type text NOT NULL CHECK (type IN ('single', 'multiple', 'text', 'rating', 'matrix', 'date')),
        title text NOT NULL,
        required boolean NOT NULL DEFAULT false,
        options jsonb NOT NULL DEFAULT '[]'::jsonb,
        min integer,
        max integer,
        rows jsonb NOT NULL DEFAULT '[]'::jsonb,
        rows_source text CHECK (rows_source IN ('myTeachers')),
        show_if jsonb,
        CONSTRAINT survey_question_position UNIQUE (survey_id, position) DEFERRABLE INITIALLY DEFERRED,
        CONSTRAINT survey_question_min_max CHECK (min IS NULL OR max IS NULL OR min <= max)
      )`);

    // The once-guard of every questionnaire: respondent_key is 'u:<user id>' for a signed-in caller, 'd:<device token
    // digest>' for the public. No time, no response id: for an anonymous questionnaire it cannot be joined back.
    await q.query(`
      CREATE TABLE survey_participation (
        survey_id uuid NOT NULL REFERENCES survey(id) ON DELETE CASCADE,
        respondent_key text NOT NULL,
        PRIMARY KEY (survey_id, respondent_key)
      )`);

    // One per respondent. user_id and respondent_key only when the questionnaire is not anonymous (then the key is
    // unique too, so a named response is also once by itself); class and grade are a snapshot for breakdowns.
    await q.query(`
      CREATE TABLE survey_response (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        survey_id uuid NOT NULL REFERENCES survey(id) ON DELETE CASCADE,
        user_id uuid REFERENCES sys_user(id) ON DELETE SET NULL,
        respondent_key text,
        class_id uuid REFERENCES admin_class(id) ON DELETE SET NULL,
        grade integer,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT survey_response_once UNIQUE (survey_id, respondent_key)
      )`);
    await q.query(`CREATE INDEX survey_response_survey ON survey_response (survey_id, created_at)`);
    await q.query(`CREATE INDEX survey_response_class ON survey_response (survey_id, class_id)`);

    // One row per chosen option / matrix cell / value, so statistics are a GROUP BY in the database:
    // single, multiple → option_index (one row per chosen option); rating → number; matrix → row_index + number
    // (row_ref: the teacher when the rows came from 'myTeachers'); text → text; date → date.
    await q.query(`
      CREATE TABLE survey_answer (
        id bigserial PRIMARY KEY,
        response_id uuid NOT NULL REFERENCES survey_response(id) ON DELETE CASCADE,
        survey_id uuid NOT NULL REFERENCES survey(id) ON DELETE CASCADE,
        question_id uuid NOT NULL REFERENCES survey_question(id) ON DELETE CASCADE,
        option_index integer,
        row_index integer,
        row_ref uuid,
        number numeric(10,2),
        text text,
        date date
      )`);
    await q.query(`CREATE INDEX survey_answer_stats ON survey_answer (survey_id, question_id, option_index, row_index)`);
    await q.query(`CREATE INDEX survey_answer_response ON survey_answer (response_id)`);
    await q.query(`CREATE INDEX survey_answer_row_ref ON survey_answer (question_id, row_ref) WHERE row_ref IS NOT NULL`);
    await q.query(`CREATE INDEX survey_answer_text ON survey_answer USING gin (text gin_trgm_ops) WHERE text IS NOT NULL`);

    // Device tokens issued with a public paper (only their digest is kept); address: the caller's, for the
    // per-address limit.
    await q.query(`
      CREATE TABLE survey_device (
        token_hash bytea PRIMARY KEY,
        survey_id uuid NOT NULL REFERENCES survey(id) ON DELETE CASCADE,
        address text NOT NULL DEFAULT '',
        issued_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX survey_device_address ON survey_device (survey_id, address)`);

    // The category dictionary (spec: "category required", from a dictionary), editable in dictionary management.
    await q.query(`INSERT INTO sys_dict_table (table_name, title) VALUES ('STD_SURVEY_CATEGORY', '问卷类别') ON CONFLICT DO NOTHING`);
    await q.query(`
      INSERT INTO sys_dict (dict_type, code, name, name_en, sort, published) VALUES
        ('STD_SURVEY_CATEGORY', '1', '教学质量', 'Teaching quality', 1, true),
        ('STD_SURVEY_CATEGORY', '2', '食堂', 'Canteen', 2, true),
        ('STD_SURVEY_CATEGORY', '3', '活动', 'Activities', 3, true),
        ('STD_SURVEY_CATEGORY', '4', '其他', 'Other', 4, true)
      ON CONFLICT DO NOTHING`);
    await q.query(`INSERT INTO sys_role_permission (role_id, permission) SELECT id, 'survey:manage' FROM sys_role WHERE code = 'admin' ON CONFLICT DO NOTHING`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM sys_file_link WHERE ref_type = 'survey'`);
    for (const t of ['survey_device', 'survey_answer', 'survey_response', 'survey_participation', 'survey_question', 'survey']) await q.query(`DROP TABLE IF EXISTS ${t}`);
    await q.query(`DELETE FROM sys_dict WHERE dict_type = 'STD_SURVEY_CATEGORY'`);
    await q.query(`DELETE FROM sys_dict_table WHERE table_name = 'STD_SURVEY_CATEGORY'`);
    await q.query(`DELETE FROM sys_role_permission WHERE permission = 'survey:manage'`);
  }
}
