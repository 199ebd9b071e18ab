import { type Db, rows } from '../../infrastructure/database/query-rows.js';
import type { AttachedFile } from '../../publishing/domain/attachment-rules.js';

/**
 * The caller's own uploads among `ids` (not removed), in the order asked; those missing are simply absent — what a
 * post or a written message may attach (a file someone else uploaded is not theirs to send).
 */
export async function ownUploads(db: Db, ids: readonly string[], ownerId: string): Promise<AttachedFile[]> {
  if (ids.length === 0) return [];
  const found = await rows<{ res_id: string; res_name: string; res_suffix: string; mime: string; size: number }>(
    db,
    `SELECT res_id, res_name, res_suffix, mime, size FROM sys_file WHERE res_id = ANY($1::uuid[]) AND owner_id = $2 AND removed_at IS NULL`,
    [ids, ownerId],
  );
  const byId = new Map(found.map((f) => [f.res_id, { resId: f.res_id, name: f.res_name, suffix: f.res_suffix, mime: f.mime, size: Number(f.size) }]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
