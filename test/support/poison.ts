import { withDb } from './api.js';

/**
 * A CC naming someone who does not exist, written straight into the log as the command wrote it before it checked its
 * targets (issue 32, finding 1) — with the read model moved as the engine moves it (version, the person copied may
 * read it, its task's version), so the instance stays what a rebuild from its events makes. Answers its position.
 */
export async function appendPoisonedCc(flow: string, instanceId: string, actorId: string, nobody: string): Promise<string> {
  return withDb(async (c) => {
    const { rows } = await c.query<{ position: string }>(
      `WITH ev AS (
         INSERT INTO events (stream_id, stream_type, version, type, data, metadata)
         SELECT $1, $6, max(version) + 1, 'CC', $2::jsonb, $3::jsonb FROM events WHERE stream_id = $1
         RETURNING position, version),
       inst AS (UPDATE wf_instance SET version = (SELECT version FROM ev), participants = participants || $5::uuid, updated_at = now() WHERE id = $4::uuid RETURNING id),
       task AS (UPDATE wf_task SET version = (SELECT version FROM ev) WHERE instance_id = $4::uuid RETURNING instance_id)
       SELECT position::text AS position FROM ev`,
      [`${flow}-${instanceId}`, JSON.stringify({ actorId, userIds: [nobody], at: new Date().toISOString() }), JSON.stringify({ actorId }), instanceId, nobody, flow],
    );
    const position = rows[0]?.position;
    if (!position) throw new Error(`no stream ${flow}-${instanceId}`);
    return position;
  });
}
