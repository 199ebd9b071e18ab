import { Injectable } from '@nestjs/common';
import type { FaceGroup, FaceRegistration, FaceSettingsValues } from '@schoolflow/contracts';
import { type Db, rows } from '../../infrastructure/database/query-rows.js';
import type { Candidate } from '../engine/face-match.js';
import { likePattern } from '../../infrastructure/database/like-pattern.js';

export type { Db };

export interface FaceSettingsRow {
  threshold: number;
  checkinEnabled: boolean;
  checkinGroupId: string | null;
  checkinGroupName: string | null;
  liveness: boolean;
  livenessMin: number;
}

export interface NewRegistration {
  userId: string;
  embedding: number[];
  model: string;
  faceScore: number;
  faceSize: number;
  source: 'upload' | 'camera';
  createdBy: string;
}

const REGISTRATION_SQL = `
  SELECT r.id, r.user_id AS "userId", u.account, u.name, r.source, r.face_score AS "faceScore", r.face_size AS "faceSize",
         coalesce(b.name, '') AS "registeredBy", to_char(r.created_at, 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt"
    FROM face_registration r JOIN sys_user u ON u.id = r.user_id LEFT JOIN sys_user b ON b.id = r.created_by`;

/**
 * 人脸识别's SQL (tables `face_registration`, `face_group`, `face_group_member`, `face_setting`;
 * docs/adr/0063-face-recognition.md#tables): the use cases decide, this reads and writes. The embeddings are read
 * only to compare (`candidates`), never answered to a client.
 */
@Injectable()
export class FacesRepository {
  async settings(db: Db): Promise<FaceSettingsRow> {
    const [row] = await rows<FaceSettingsRow>(
      db,
      `SELECT s.threshold, s.checkin_enabled AS "checkinEnabled", s.checkin_group_id AS "checkinGroupId", g.name AS "checkinGroupName",
              s.liveness, s.liveness_min AS "livenessMin"
         FROM face_setting s LEFT JOIN face_group g ON g.id = s.checkin_group_id WHERE s.id`,
    );
    return row ?? { threshold: 0.6, checkinEnabled: true, checkinGroupId: null, checkinGroupName: null, liveness: false, livenessMin: 0.5 };
  }

  async saveSettings(db: Db, v: FaceSettingsValues, userId: string): Promise<void> {
    await db.query(
      `INSERT INTO face_setting (id, threshold, checkin_enabled, checkin_group_id, liveness, liveness_min, updated_by, updated_at)
       VALUES (true, $1, $2, $3, $4, $5, $6, now())
       ON CONFLICT (id) DO UPDATE SET threshold = $1, checkin_enabled = $2, checkin_group_id = $3, liveness = $4, liveness_min = $5, updated_by = $6, updated_at = now()`,
      [v.threshold, v.checkinEnabled, v.checkinGroupId, v.liveness, v.livenessMin, userId],
    );
  }

  async groups(db: Db): Promise<FaceGroup[]> {
    return rows<FaceGroup>(
      db,
      `SELECT g.id, g.name, g.description, to_char(g.created_at, 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt",
              coalesce((SELECT s.checkin_group_id = g.id FROM face_setting s WHERE s.id), false) AS checkin,
              coalesce((SELECT json_agg(json_build_object('userId', u.id, 'account', u.account, 'name', u.name,
                                  'registrations', (SELECT count(*) FROM face_registration r WHERE r.user_id = u.id)::int) ORDER BY u.account)
                          FROM face_group_member m JOIN sys_user u ON u.id = m.user_id WHERE m.group_id = g.id), '[]'::json) AS members
         FROM face_group g ORDER BY g.name`,
    );
  }

  async group(db: Db, id: string): Promise<FaceGroup | null> {
    return (await this.groups(db)).find((g) => g.id === id) ?? null;
  }

  async groupNameTaken(db: Db, name: string, exceptId: string | null): Promise<boolean> {
    return (await rows(db, `SELECT 1 FROM face_group WHERE lower(name) = lower($1) AND id IS DISTINCT FROM $2::uuid`, [name, exceptId])).length > 0;
  }

  async createGroup(db: Db, v: { name: string; description: string }, userId: string): Promise<string> {
    const [row] = await rows<{ id: string }>(db, `INSERT INTO face_group (name, description, created_by) VALUES ($1, $2, $3) RETURNING id`, [v.name, v.description, userId]);
    if (!row) throw new Error('face_group insert answered no row');
    return row.id;
  }

  async updateGroup(db: Db, id: string, v: { name: string; description: string }): Promise<boolean> {
    return (await rows(db, `UPDATE face_group SET name = $2, description = $3 WHERE id = $1 RETURNING id`, [id, v.name, v.description])).length > 0;
  }

  async setMembers(db: Db, groupId: string, userIds: string[]): Promise<void> {
    await db.query(`DELETE FROM face_group_member WHERE group_id = $1 AND NOT (user_id = ANY($2::uuid[]))`, [groupId, userIds]);
    await db.query(`INSERT INTO face_group_member (group_id, user_id) SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING`, [groupId, userIds]);
  }

  async deleteGroup(db: Db, id: string): Promise<boolean> {
    return (await rows(db, `DELETE FROM face_group WHERE id = $1 RETURNING id`, [id])).length > 0;
  }

  async groupExists(db: Db, id: string): Promise<boolean> {
    return (await rows(db, `SELECT 1 FROM face_group WHERE id = $1`, [id])).length > 0;
  }

  usersByAccounts(db: Db, accounts: string[]): Promise<{ id: string; account: string }[]> {
    return rows(db, `SELECT id, account FROM sys_user WHERE account = ANY($1::text[])`, [accounts]);
  }

  isMember(db: Db, groupId: string, userId: string): Promise<boolean> {
    return rows(db, `SELECT 1 FROM face_group_member WHERE group_id = $1 AND user_id = $2`, [groupId, userId]).then((r) => r.length > 0);
  }

  /** Registrations, newest first: one person's, or everyone's matching `q` (account or name). */
  registrations(db: Db, f: { userId: string | null; q?: string }): Promise<FaceRegistration[]> {
    return rows<FaceRegistration>(
      db,
      `${REGISTRATION_SQL} WHERE ($1::uuid IS NULL OR r.user_id = $1) AND ($2::text IS NULL OR u.account ILIKE $2 OR u.name ILIKE $2)
        ORDER BY r.created_at DESC LIMIT 500`,
      [f.userId, f.q ? likePattern(f.q) : null],
    );
  }

  async registration(db: Db, id: string): Promise<FaceRegistration | null> {
    const [row] = await rows<FaceRegistration>(db, `${REGISTRATION_SQL} WHERE r.id = $1`, [id]);
    return row ?? null;
  }

  /** Holds the person's row until the transaction ends: two registrations at once are counted in turn. */
  async lockedCount(db: Db, userId: string): Promise<number> {
    await db.query(`SELECT 1 FROM sys_user WHERE id = $1 FOR UPDATE`, [userId]);
    const [row] = await rows<{ n: number }>(db, `SELECT count(*)::int AS n FROM face_registration WHERE user_id = $1`, [userId]);
    return row?.n ?? 0;
  }

  async addRegistration(db: Db, r: NewRegistration): Promise<string> {
    const [row] = await rows<{ id: string }>(
      db,
      `INSERT INTO face_registration (user_id, embedding, model, face_score, face_size, source, created_by) VALUES ($1, $2::real[], $3, $4, $5, $6, $7) RETURNING id`,
      [r.userId, r.embedding, r.model, r.faceScore, r.faceSize, r.source, r.createdBy],
    );
    if (!row) throw new Error('face_registration insert answered no row');
    return row.id;
  }

  async deleteRegistration(db: Db, id: string): Promise<boolean> {
    return (await rows(db, `DELETE FROM face_registration WHERE id = $1 RETURNING id`, [id])).length > 0;
  }

  async countOf(db: Db, userId: string): Promise<number> {
    const [row] = await rows<{ n: number }>(db, `SELECT count(*)::int AS n FROM face_registration WHERE user_id = $1`, [userId]);
    return row?.n ?? 0;
  }

  /** The faces a capture is compared with: the group's members' (the caller's among them), or the caller's own. */
  candidates(db: Db, groupId: string | null, userId: string): Promise<Candidate[]> {
    return groupId
      ? rows<Candidate>(db, `SELECT r.user_id AS "userId", r.embedding FROM face_registration r JOIN face_group_member m ON m.user_id = r.user_id AND m.group_id = $1`, [groupId])
      : rows<Candidate>(db, `SELECT r.user_id AS "userId", r.embedding FROM face_registration r WHERE r.user_id = $1`, [userId]);
  }
}
