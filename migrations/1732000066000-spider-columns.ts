import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * 栏目采集 (docs/product/publishing.md#columns-from-other-sites, docs/adr/0067-spider-columns.md).
 *
 * - `spider_column`: a source page and the CSS selectors that pick its items out, the post kind and audience to
 *   publish as, review first or publish automatically, by hand or every `interval_hours`; `next_run_at` is when the
 *   sweep takes it up (enabled with an interval only), claimed by one guarded UPDATE so one instance runs it.
 * - `spider_item`: one collected item — its absolute address unique per column (a run adds only what is new), its
 *   title, date text and sanitised content, pending, published (with its post) or ignored.
 * - `spider_run`: each run's outcome — found, added, published, its problems and its own failure.
 *
 * The page's menu (信息发布 → 栏目采集) and `spider:manage` for administrators and the office are registered with the
 * resource pages at start (resources/resource-registrar.ts), on a new school and an existing one alike.
 */
export class SpiderColumns1732000066000 implements MigrationInterface {
  name = 'SpiderColumns1732000066000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE spider_column (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 50),
        source_url text NOT NULL CHECK (source_url ~ '^https?://' AND length(source_url) <= 2000),
        list_selector text NOT NULL CHECK (length(list_selector) BETWEEN 1 AND 200),
        title_selector text NOT NULL DEFAULT 'a' CHECK (length(title_selector) BETWEEN 1 AND 200),
        link_selector text NOT NULL DEFAULT 'a' CHECK (length(link_selector) BETWEEN 1 AND 200),
        date_selector text CHECK (length(date_selector) BETWEEN 1 AND 200),
        content_selector text CHECK (length(content_selector) BETWEEN 1 AND 200),
        post_kind text NOT NULL CHECK (post_kind IN ('notice', 'activity')),
        audience jsonb NOT NULL,
        mode text NOT NULL CHECK (mode IN ('review', 'auto')),
        interval_hours integer CHECK (interval_hours BETWEEN 1 AND 720),
        enabled boolean NOT NULL DEFAULT true,
        next_run_at timestamptz,
        owner_id uuid NOT NULL REFERENCES sys_user(id) ON DELETE RESTRICT,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX spider_column_name ON spider_column (lower(btrim(name)))`);
    await q.query(`CREATE INDEX spider_column_due ON spider_column (next_run_at) WHERE enabled AND interval_hours IS NOT NULL`);
    await q.query(`
      CREATE TABLE spider_item (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        column_id uuid NOT NULL REFERENCES spider_column(id) ON DELETE CASCADE,
        url text NOT NULL,
        title text NOT NULL CHECK (length(title) BETWEEN 1 AND 100),
        date_text text,
        content text,
        state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'published', 'ignored')),
        post_id uuid REFERENCES post(id) ON DELETE SET NULL,
        decided_by uuid REFERENCES sys_user(id) ON DELETE SET NULL,
        decided_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // a run adds only what the column has not collected yet: one row per address
    await q.query(`CREATE UNIQUE INDEX spider_item_address ON spider_item (column_id, url)`);
    await q.query(`CREATE INDEX spider_item_state ON spider_item (column_id, state, created_at DESC)`);
    await q.query(`
      CREATE TABLE spider_run (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        column_id uuid NOT NULL REFERENCES spider_column(id) ON DELETE CASCADE,
        job_id uuid,
        trigger text NOT NULL CHECK (trigger IN ('manual', 'schedule')),
        state text NOT NULL DEFAULT 'running' CHECK (state IN ('running', 'completed', 'failed')),
        found integer NOT NULL DEFAULT 0,
        added integer NOT NULL DEFAULT 0,
        published integer NOT NULL DEFAULT 0,
        problems jsonb NOT NULL DEFAULT '[]'::jsonb,
        failure jsonb,
        started_by uuid REFERENCES sys_user(id) ON DELETE SET NULL,
        started_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      )`);
    await q.query(`CREATE INDEX spider_run_column ON spider_run (column_id, started_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM sys_role_menu WHERE menu_id IN (SELECT id FROM sys_menu WHERE url = '/spiderColumn')`);
    await q.query(`DELETE FROM sys_menu WHERE url = '/spiderColumn'`);
    await q.query(`DELETE FROM wf_flow_registration WHERE flow = 'resource:/spiderColumn'`);
    await q.query(`DELETE FROM sys_role_permission WHERE permission IN ('spider:manage', 'menu:spiderColumn')`);
    await q.query(`DROP TABLE IF EXISTS spider_run`);
    await q.query(`DROP TABLE IF EXISTS spider_item`);
    await q.query(`DROP TABLE IF EXISTS spider_column`);
  }
}
