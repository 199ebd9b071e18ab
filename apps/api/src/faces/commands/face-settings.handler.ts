import { Injectable } from '@nestjs/common';
import type { FaceSettings, FaceSettingsValues, FaceVerification } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { dbErrorOf } from '../../infrastructure/database/db-error.js';
import type { ClientInfo, Principal } from '../../infrastructure/http/request-context.js';
import { FaceEngine } from '../engine/face-engine.js';
import { FaceCaptures } from '../domain/face-captures.js';
import { FacesAccess } from '../domain/faces-access.js';
import { FacesRepository } from '../domain/faces.repository.js';
import { FacesErrors } from '../faces.errors.js';

/**
 * 识别设置 (docs/product/campus-life.md#face-recognition): read by anyone signed in (the check-in page says whether
 * face check-in is on), changed with face:manage; and `verify`, a capture compared with one's own registered faces
 * under the settings, recording nothing (the registration page's "test a match").
 */
@Injectable()
export class FaceSettingsHandler {
  constructor(
    private readonly db: DataSource,
    private readonly repo: FacesRepository,
    private readonly access: FacesAccess,
    private readonly engine: FaceEngine,
    private readonly captures: FaceCaptures,
  ) {}

  async read(): Promise<FaceSettings> {
    return { ...(await this.repo.settings(this.db)), model: this.engine.info() };
  }

  async save(v: FaceSettingsValues, me: Principal, client: ClientInfo): Promise<FaceSettings> {
    await this.access.needManage(me, client, 'face.settings.save');
    if (v.checkinGroupId && !(await this.repo.groupExists(this.db, v.checkinGroupId))) throw await this.access.refuse(me, client, 'face.settings.save', null, FacesErrors.groupNotFound());
    try {
      await this.repo.saveSettings(this.db, v, me.userId);
    } catch (err) {
      // the group deleted between the check and the save
      if (dbErrorOf(err)?.code === '23503') throw await this.access.refuse(me, client, 'face.settings.save', null, FacesErrors.groupNotFound());
      throw err;
    }
    await this.access.record(me, client, 'face.settings.save', null, { ...v });
    return this.read();
  }

  /** Checked before the capture is received. */
  allowVerify(me: Principal, client: ClientInfo): Promise<void> {
    return this.access.needRegister(me, client, 'face.verify');
  }

  async verify(bytes: Uint8Array, me: Principal, client: ClientInfo): Promise<FaceVerification> {
    const { matched, similarity, threshold } = await this.captures.verify(this.db, bytes, me, client, 'face.verify', false);
    return { matched, similarity, threshold };
  }
}
