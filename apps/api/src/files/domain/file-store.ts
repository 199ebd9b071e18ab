import { randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, rename, unlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DORMITORY_RECORDS_PERMISSION, Permission, RESOURCES } from '@schoolflow/contracts';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import { AppException } from '../../infrastructure/http/app-exception.js';
import type { Principal } from '../../infrastructure/http/request-context.js';
import { poolOf } from '../../infrastructure/database/pool.js';
import type { ReceivedFile } from './upload-receiver.js';

export interface FileRow {
  res_id: string;
  owner_id: string;
  res_name: string;
  res_suffix: string;
  mime: string;
  size: number;
  storage_name: string;
}

/**
 * Files live outside the database under generated names (`<DATA_DIR>/files/<uuid>`); the table keeps the original
 * name for display and Content-Disposition. A user may fetch a file they uploaded, one attached to a request they
 * may see, or any file with the view-all permission.
 */
@Injectable()
export class FileStore {
  private readonly dir: string;

  constructor(
    private readonly db: DataSource,
    @Inject(SERVER_CONFIG) config: ServerConfig,
  ) {
    this.dir = resolve(config.dataDir, 'files');
  }

  /**
   * Keeps files received by the UploadReceiver: each moved (renamed, same disk) from the incoming folder into the
   * store and recorded, all in one transaction — a failure keeps none of them and removes what was moved.
   */
  async keep(owner: string, files: readonly ReceivedFile[]): Promise<FileRow[]> {
    await mkdir(this.dir, { recursive: true });
    const moved: string[] = [];
    try {
      return await this.db.transaction(async (tx) => {
        const rows: FileRow[] = [];
        for (const f of files) {
          const storage = randomUUID();
          await rename(f.path, join(this.dir, storage));
          moved.push(storage);
          const display = f.name.slice(0, f.name.length - f.ext.length) || f.name;
          const inserted: FileRow[] = await tx.query(
            `INSERT INTO sys_file (owner_id, res_name, res_suffix, mime, size, storage_name) VALUES ($1, $2, $3, $4, $5, $6)
             RETURNING res_id, owner_id, res_name, res_suffix, mime, size, storage_name`,
            [owner, display, f.ext, f.mime, f.size, storage],
          );
          rows.push(inserted[0] as FileRow);
        }
        return rows;
      });
    } catch (err) {
      await Promise.all([...moved.map((s) => unlink(join(this.dir, s)).catch(() => undefined)), ...files.map((f) => unlink(f.path).catch(() => undefined))]);
      throw err;
    }
  }

  /** The file if this user may see it; otherwise 404 (its existence is not told). */
  async visible(resId: string, me: Principal): Promise<FileRow> {
    if (!/^[0-9a-f-]{36}$/i.test(resId)) throw AppException.notFound();
    const rows: FileRow[] = await this.db.query(
      `SELECT f.res_id, f.owner_id, f.res_name, f.res_suffix, f.mime, f.size, f.storage_name FROM sys_file f
        WHERE f.res_id = $1 AND f.removed_at IS NULL
          AND (f.owner_id = $2 OR $3 OR EXISTS (
                SELECT 1 FROM sys_file_link l JOIN wf_instance i ON l.ref_type = 'workflow' AND i.id = l.ref_id
                 WHERE l.res_id = f.res_id AND i.participants @> ARRAY[$2::uuid])
               -- a base-data record's photo: whoever may read that resource (docs/adr/0023)
               OR EXISTS (SELECT 1 FROM sys_file_link l WHERE l.res_id = f.res_id AND l.ref_type = ANY($4::text[]))
               -- a post's attachment: its author and, once published, its recipients (issue 24)
               OR EXISTS (SELECT 1 FROM sys_file_link l JOIN post p ON l.ref_type = 'post' AND p.id = l.ref_id
                           WHERE l.res_id = f.res_id AND (p.author_id = $2 OR (p.state = 'published' AND EXISTS (SELECT 1 FROM post_recipient r WHERE r.post_id = p.id AND r.user_id = $2))))
               -- a written message's attachment: its recipients (issue 26; its author owns it)
               OR EXISTS (SELECT 1 FROM sys_file_link l JOIN message m ON l.ref_type = 'letter' AND m.letter_id = l.ref_id
                           WHERE l.res_id = f.res_id AND m.recipient_id = $2)
               -- a confirmation's signature: the post's author (the signer owns it)
               OR EXISTS (SELECT 1 FROM sys_file_link l JOIN post p ON l.ref_type = 'post-signature' AND p.id = l.ref_id
                           WHERE l.res_id = f.res_id AND p.author_id = $2)
               -- a homework submission's: the teacher who set it, the student and their parents
               OR EXISTS (SELECT 1 FROM sys_file_link l JOIN post_submission s ON l.ref_type = 'post-submission' AND s.id = l.ref_id JOIN post p ON p.id = s.post_id
                           WHERE l.res_id = f.res_id AND (p.author_id = $2 OR EXISTS (SELECT 1 FROM student st WHERE st.id = s.student_id AND st.user_id = $2)
                                                          OR EXISTS (SELECT 1 FROM guardian g WHERE g.student_id = s.student_id AND g.user_id = $2)))
               -- a feedback's picture: those who handle feedback (its submitter owns it; docs/adr/0051-feedback.md)
               OR ($5 AND EXISTS (SELECT 1 FROM sys_file_link l WHERE l.res_id = f.res_id AND l.ref_type = 'feedback'))
               -- a dormitory inspection's photo: those who record inspections (docs/adr/0053-dormitories.md)
               OR ($6 AND EXISTS (SELECT 1 FROM sys_file_link l WHERE l.res_id = f.res_id AND l.ref_type = 'dorm_inspection'))
               -- a custom page's picture: anyone signed in once the page is published, editors before (docs/adr/0056-custom-pages.md#pictures)
               OR EXISTS (SELECT 1 FROM sys_file_link l JOIN custom_page cp ON l.ref_type = 'custom-page' AND cp.id = l.ref_id
                           WHERE l.res_id = f.res_id AND (cp.published OR $7))
               -- a project task's attachment: the project's members (docs/adr/0059-projects.md#attachments)
               OR EXISTS (SELECT 1 FROM project_task_attachment a JOIN project_task t ON t.id = a.task_id JOIN project_member pm ON pm.project_id = t.project_id
                           WHERE a.res_id = f.res_id AND pm.user_id = $2)
               -- a knowledge article's attachment (of any of its versions): whoever reads its category (docs/adr/0060-knowledge-base.md#attachments)
               OR EXISTS (SELECT 1 FROM sys_file_link l JOIN knowledge_article ka ON l.ref_type = 'knowledge' AND ka.id = l.ref_id
                           WHERE l.res_id = f.res_id AND ka.category_id IN (SELECT k.category_id FROM knowledge_categories_of($2, $8::text[], $9) k))
               -- an album's picture or its thumbnail: whoever sees the album (docs/adr/0066-pictures-and-home-cards.md#access)
               OR EXISTS (SELECT 1 FROM sys_file_link l JOIN album_picture ap ON l.ref_type = 'picture' AND ap.id = l.ref_id
                           WHERE l.res_id = f.res_id AND ap.album_id IN (SELECT pa.album_id FROM picture_albums_of($2, $8::text[], $10) pa)))`,
      [resId, me.userId, me.permissions.has(Permission.workflowViewAll), readableResources(me), me.permissions.has(Permission.feedbackHandle), me.permissions.has(DORMITORY_RECORDS_PERMISSION), me.permissions.has(Permission.pagesManage), me.roles, me.permissions.has(Permission.knowledgeManage), me.permissions.has(Permission.picturesManage)],
    );
    const row = rows[0];
    if (!row) throw AppException.notFound();
    return row;
  }

  /** The file's bytes as a stream (never read whole into memory: a 100 MB video downloaded 30 times at once). */
  stream(row: FileRow): ReadStream {
    return createReadStream(join(this.dir, row.storage_name));
  }

  /** Bytes this user has uploaded that no request uses yet (removed or attached ones do not count): their quota. */
  async unattachedBytes(owner: string): Promise<number> {
    const rows: { n: string }[] = await this.db.query(
      `SELECT coalesce(sum(f.size), 0)::text AS n FROM sys_file f
        WHERE f.owner_id = $1 AND f.removed_at IS NULL AND NOT EXISTS (SELECT 1 FROM sys_file_link l WHERE l.res_id = f.res_id)`,
      [owner],
    );
    return Number(rows[0]?.n ?? 0);
  }

  /**
   * Deletes what no request can ever show: uploads never attached once they are older than `retentionHours`, and
   * removed ones at once (their rows, then their stored bytes; a crash in between leaves only bytes nobody can reach).
   * Attached files are kept for good — the request's record needs them. Rows are claimed with SKIP LOCKED, so several
   * instances sweeping at once share the work. Answers how many files were deleted.
   */
  async sweep(retentionHours: number, limit = 500): Promise<number> {
    // (on the pg pool: TypeORM answers [rows, count] for a DELETE ... RETURNING)
    const { rows: gone } = await poolOf(this.db).query<{ storage_name: string }>(
      `DELETE FROM sys_file WHERE res_id IN (
         SELECT f.res_id FROM sys_file f
          WHERE (f.removed_at IS NOT NULL OR f.created_at < now() - make_interval(secs => $1))
            AND NOT EXISTS (SELECT 1 FROM sys_file_link l WHERE l.res_id = f.res_id)
          ORDER BY f.created_at LIMIT $2 FOR UPDATE SKIP LOCKED)
       RETURNING storage_name`,
      [Math.round(retentionHours * 3600), limit],
    );
    for (const g of gone) {
      await unlink(join(this.dir, g.storage_name)).catch((err: unknown) => {
        if ((err as { code?: string }).code !== 'ENOENT') throw err;
      });
    }
    return gone.length;
  }

  /** Only the owner removes a file, and not once it is attached to a request (the record must keep it). */
  async remove(resId: string, me: Principal): Promise<void> {
    const row = await this.visible(resId, me);
    if (row.owner_id !== me.userId) throw AppException.forbidden();
    const linked: unknown[] = await this.db.query(`SELECT 1 FROM sys_file_link WHERE res_id = $1 LIMIT 1`, [resId]);
    if (linked.length > 0) throw AppException.forbidden();
    await this.db.query(`UPDATE sys_file SET removed_at = now() WHERE res_id = $1`, [resId]);
  }
}

/** The link types of the base-data resources this user may read (`resource:<name>`). */
function readableResources(me: Principal): string[] {
  return Object.values(RESOURCES).filter((d) => me.permissions.has(d.permissions.read)).map((d) => `resource:${d.name}`);
}
