import { Injectable } from '@nestjs/common';
import type { FaceGroup, FaceGroupValues } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { isUniqueViolation } from '../../admin/shared/admin-support.js';
import { dbErrorOf } from '../../infrastructure/database/db-error.js';
import type { ClientInfo, Principal } from '../../infrastructure/http/request-context.js';
import { FacesAccess } from '../domain/faces-access.js';
import { type Db, FacesRepository } from '../domain/faces.repository.js';
import { FacesErrors } from '../faces.errors.js';

/**
 * 人脸分组 (docs/product/campus-life.md#face-recognition): groups of people by account (face:manage); the settings name
 * the one a check-in compares with. A group's name is unique (case aside); an unknown account refuses the whole save.
 */
@Injectable()
export class FaceGroups {
  constructor(
    private readonly db: DataSource,
    private readonly repo: FacesRepository,
    private readonly access: FacesAccess,
  ) {}

  async list(me: Principal, client: ClientInfo): Promise<FaceGroup[]> {
    await this.access.needManage(me, client, 'face.group.list');
    return this.repo.groups(this.db);
  }

  async save(id: string | null, v: FaceGroupValues, me: Principal, client: ClientInfo): Promise<FaceGroup> {
    const action = id ? 'face.group.update' : 'face.group.create';
    await this.access.needManage(me, client, action);
    const accounts = [...new Set(v.accounts)];
    const saved = await this.db.transaction(async (tx: Db) => {
      // two saves of one name at once: both pass the check, the unique key refuses the second
      if (id && !(await this.repo.groupExists(tx, id))) return FacesErrors.groupNotFound();
      if (await this.repo.groupNameTaken(tx, v.name, id)) return FacesErrors.groupNameTaken(v.name);
      const users = await this.repo.usersByAccounts(tx, accounts);
      const unknown = accounts.filter((a) => !users.some((u) => u.account === a));
      if (unknown.length) return FacesErrors.accountsUnknown(unknown.slice(0, 10));
      const groupId = id ?? (await this.repo.createGroup(tx, v, me.userId));
      if (id) await this.repo.updateGroup(tx, id, v);
      await this.repo.setMembers(tx, groupId, users.map((u) => u.id));
      return groupId;
    }).catch((err: unknown) => {
      if (isUniqueViolation(err, 'face_group_name_key')) return FacesErrors.groupNameTaken(v.name);
      // the group deleted while its members were being set
      if (dbErrorOf(err)?.code === '23503') return FacesErrors.groupNotFound();
      throw err;
    });
    if (typeof saved !== 'string') throw await this.access.refuse(me, client, action, id ?? v.name, saved);
    await this.access.record(me, client, action, saved, { name: v.name, members: accounts.length });
    const group = await this.repo.group(this.db, saved);
    if (!group) throw FacesErrors.groupNotFound();
    return group;
  }

  async remove(id: string, me: Principal, client: ClientInfo): Promise<void> {
    await this.access.needManage(me, client, 'face.group.delete');
    if (!(await this.repo.deleteGroup(this.db, id))) throw FacesErrors.groupNotFound();
    await this.access.record(me, client, 'face.group.delete', id);
  }
}
