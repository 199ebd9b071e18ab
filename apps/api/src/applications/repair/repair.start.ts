import { RoleCode } from '@schoolflow/contracts';
import type { RepairForm } from '@schoolflow/workflows/repair/repair.form.js';
import type { RepairSubmitted } from '@schoolflow/workflows/repair/repair.machine.js';
import type { Prepared } from '../../infrastructure/database/prepared.js';
import type { StartPlan } from '../../workflow/domain/flow-plugin.js';
import { ApplicationErrors } from '../applications.errors.js';
import { type Applicant, checkPictures, type FileRow, filesSql, roleHoldersSql, uniquePictures, withStandIns } from '../shared/student-applicant.js';

/**
 * 报修's start (docs/product/repairs.md#reporting): read (`readRepairStart`), then decided on what was read
 * (`planRepairStart`, pure).
 */

/** Everything a report's start reads. */
export interface RepairStartRead {
  /** The repair type, or null: no such type. */
  type: { id: string; name: string; enabled: boolean; close_after_days: number } | null;
  /** The holders of the type's handling roles (the office when it names none): they dispatch. */
  handlers: string[];
  /** Administrators, who stand in when the reporter is the only handler. */
  admin: string[];
  /** The photos named, as stored. */
  files: FileRow[];
}

// The type, its handlers (the type's roles, else the office's) and the photos, in one round trip.
const START_SQL = `SELECT (SELECT json_build_object('id', t.id, 'name', t.name, 'enabled', t.enabled, 'close_after_days', t.close_after_days::float8) FROM repair_type t WHERE t.id = $1::uuid) AS type,
       coalesce((SELECT array_agg(DISTINCT u.id) FROM repair_type t
                   JOIN sys_role r ON r.code = ANY(CASE WHEN cardinality(t.handler_roles) > 0 THEN t.handler_roles ELSE ARRAY['${RoleCode.office}'] END) AND r.enabled
                   JOIN sys_user_role ur ON ur.role_id = r.id JOIN sys_user u ON u.id = ur.user_id AND u.enabled
                  WHERE t.id = $1::uuid), '{}') AS handlers,
       ${roleHoldersSql([RoleCode.admin])},
       ${filesSql('$2')}`;

/** Reads a report's start: its type, who handles it, the administrators and the photos. */
export async function readRepairStart(db: Prepared, form: Pick<RepairForm, 'typeId' | 'photos'>): Promise<RepairStartRead> {
  const [row] = (await db.query(START_SQL, [form.typeId, uniquePictures(form.photos)])) as RepairStartRead[];
  return row ?? { type: null, handlers: [], admin: [], files: [] };
}

/**
 * Decides a report's start on what was read, purely: an enabled type of the list; the photos the reporter's own JPG or
 * PNG uploads of at most 2 MB. The plan: the start event with the type's name and days, the type's handlers to
 * dispatch (administrators too when the reporter is its only handler: nobody dispatches their own report), the photos
 * linked to the instance.
 */
export function planRepairStart(form: RepairForm, read: RepairStartRead, actor: Applicant): StartPlan {
  const type = read.type;
  if (!type || !type.enabled) throw ApplicationErrors.repairTypeUnknown();
  const photos = uniquePictures(form.photos);
  checkPictures(photos, actor, read.files);
  const office = withStandIns([...read.handlers].sort(), read.admin, actor.userId);
  const data: Omit<RepairSubmitted, 'type' | 'actorId'> = {
    typeId: type.id,
    typeName: type.name,
    location: form.location,
    description: form.description,
    urgency: form.urgency,
    photos,
    closeAfterDays: type.close_after_days,
    route: { office, worker: [] },
    studentId: null, // the subject is a place, not a student
    studentUserId: null,
  };
  return { data, studentId: null, owners: [actor.userId], reviewers: office, attachments: photos };
}
