import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the platform generated broke the spec's own rule for menus (router address: letters, digits, underscores;
 * permission value: colons too), so an administrator could not save a role or menu it shipped (issue 22,
 * docs/adr/0030): eight resources' permissions (`academic:school-years:list` …) and the resource and upgrade pages'
 * addresses (`/academic/teaching-classes` …) had hyphens. Their hyphens become underscores — in the grants, the menus
 * and the registrations that remember a page was registered (else the registrar would add the page again under its new
 * address). The API paths keep their names.
 */
export class NamesWithinTheRule1732000035000 implements MigrationInterface {
  name = 'NamesWithinTheRule1732000035000';

  async up(q: QueryRunner): Promise<void> {
    await rename(q, '-', '_');
  }

  async down(q: QueryRunner): Promise<void> {
    await rename(q, '_', '-');
  }
}

async function rename(q: QueryRunner, from: string, to: string): Promise<void> {
  // a resource's permission: {base}:{name}:{list|edit|import}, base academic or timetable
  await q.query(
    `UPDATE sys_role_permission SET permission = split_part(permission, ':', 1) || ':' || replace(split_part(permission, ':', 2), $1, $2) || ':' || split_part(permission, ':', 3)
      WHERE permission ~ '^(academic|timetable):[a-z_-]+:(list|edit|import)$' AND strpos(split_part(permission, ':', 2), $1) > 0
        AND NOT EXISTS (SELECT 1 FROM sys_role_permission o WHERE o.role_id = sys_role_permission.role_id
                          AND o.permission = split_part(sys_role_permission.permission, ':', 1) || ':' || replace(split_part(sys_role_permission.permission, ':', 2), $1, $2) || ':' || split_part(sys_role_permission.permission, ':', 3))`,
    [from, to],
  );
  // a role that already had the renamed permission keeps that one row
  await q.query(`DELETE FROM sys_role_permission WHERE permission ~ '^(academic|timetable):[a-z_-]+:(list|edit|import)$' AND strpos(split_part(permission, ':', 2), $1) > 0`, [from]);
  // a page's address: /academic/{name} (the groups, /academic/group/{group}, have none)
  await q.query(`UPDATE sys_menu SET url = '/academic/' || replace(substr(url, 11), $1, $2) WHERE url ~ '^/academic/[a-z_-]+$' AND strpos(substr(url, 11), $1) > 0`, [from, to]);
  await q.query(
    `UPDATE wf_flow_registration SET flow = 'resource:/academic/' || replace(substr(flow, 20), $1, $2) WHERE flow ~ '^resource:/academic/[a-z_-]+$' AND strpos(substr(flow, 20), $1) > 0`,
    [from, to],
  );
}
