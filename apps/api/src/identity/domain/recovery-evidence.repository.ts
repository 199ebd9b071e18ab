import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

type Db = DataSource | EntityManager;

/** The account password recovery found by its evidence. */
export interface RecoveredUser {
  id: string;
  account: string;
}

/**
 * Password recovery's statements (docs/adr/0039-password-recovery.md). The evidence is what the records hold for each kind of account:
 * - a student: their own ID number (the student record) and the mobile of one of their guardians on that record
 *   (a student's record holds no mobile of their own);
 * - a parent: the ID number of a child they are the guardian of, and their own mobile on that child's record
 *   (a parent's account holds no ID number of its own);
 * - staff: their own ID number and phone on the staff record.
 * ID numbers compare without case (a trailing X); mobiles by their digits alone.
 */
@Injectable()
export class RecoveryEvidenceRepository {
  constructor(private readonly db: DataSource) {}

  /** The enabled account the evidence proves, or null (unknown account, disabled, or any part not matching). */
  async match(account: string, idNumber: string, mobileDigits: string): Promise<RecoveredUser | null> {
    const rows: RecoveredUser[] = await this.db.query(
      `SELECT u.id, u.account FROM sys_user u
        WHERE u.account = $1 AND u.enabled AND $3 <> '' AND (
              EXISTS (SELECT 1 FROM student s JOIN student_guardian g ON g.student_id = s.id
                       WHERE s.user_id = u.id AND upper(s.id_number) = upper($2) AND regexp_replace(g.mobile, '[^0-9]', '', 'g') = $3)
           OR EXISTS (SELECT 1 FROM student_guardian g JOIN student s ON s.id = g.student_id
                       WHERE g.user_id = u.id AND upper(s.id_number) = upper($2) AND regexp_replace(g.mobile, '[^0-9]', '', 'g') = $3)
           OR EXISTS (SELECT 1 FROM staff t
                       WHERE t.user_id = u.id AND upper(t.id_number) = upper($2) AND regexp_replace(t.phone, '[^0-9]', '', 'g') = $3))`,
      [account, idNumber, mobileDigits],
    );
    return rows[0] ?? null;
  }

  /** Whether an account of that name exists (for the operation log's reason only; never told to the caller). */
  async accountExists(account: string): Promise<string | null> {
    const rows: { id: string }[] = await this.db.query(`SELECT id FROM sys_user WHERE account = $1`, [account]);
    return rows[0]?.id ?? null;
  }

  /**
   * The new password in place, the sign-in's lock and the first-sign-in change cleared (the person proved who they
   * are and chose it under the strategy), and every session of the user ended.
   */
  async setPassword(tx: Db, userId: string, hash: string): Promise<number> {
    await tx.query(
      `UPDATE sys_user SET password_hash = $2, password_changed_at = now(), must_change_password = false, failed_attempts = 0, locked_until = NULL, last_failed_at = NULL, updated_at = now()
        WHERE id = $1`,
      [userId, hash],
    );
    const [, ended]: [unknown, number] = await tx.query(
      `UPDATE sys_session SET revoked_at = now(), revoke_reason = 'password_changed' WHERE user_id = $1 AND revoked_at IS NULL`,
      [userId],
    );
    return ended;
  }
}
