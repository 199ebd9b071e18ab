import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Which flows this school has met (docs/adr/0019): when a flow is first seen at start, the server grants its apply
 * permission to the roles its declaration names and puts its form in their 业务申请 menu — once, so an
 * administrator's later changes to those grants stand.
 */
export class FlowRegistration1732000012000 implements MigrationInterface {
  name = 'FlowRegistration1732000012000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE wf_flow_registration (flow text PRIMARY KEY, registered_at timestamptz NOT NULL DEFAULT now())`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE wf_flow_registration`);
  }
}
