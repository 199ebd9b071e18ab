import { Injectable } from '@nestjs/common';
import { FACE_LIMITS, type FaceRegisterQuery, type FaceRegistration, type FaceRegistrationQuery } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../infrastructure/http/request-context.js';
import { FACE_MODEL, FaceCaptures } from '../domain/face-captures.js';
import { FacesAccess } from '../domain/faces-access.js';
import { FacesRepository } from '../domain/faces.repository.js';
import { FacesErrors } from '../faces.errors.js';

/**
 * 人脸注册 (docs/product/campus-life.md#face-recognition): register a face from a capture — one's own with
 * face:register, anyone's (`?account=`) with face:manage — at most FACE_LIMITS.perPerson each; list one's own or
 * (face:manage) everyone's; delete one's own or anyone's. The server computes the embedding; the photo is not kept.
 */
@Injectable()
export class FaceRegistrations {
  constructor(
    private readonly db: DataSource,
    private readonly repo: FacesRepository,
    private readonly access: FacesAccess,
    private readonly captures: FaceCaptures,
  ) {}

  async list(q: FaceRegistrationQuery, me: Principal, client: ClientInfo): Promise<FaceRegistration[]> {
    await this.access.needRegister(me, client, 'face.registration.list');
    if (q.scope === 'all') await this.access.needManage(me, client, 'face.registration.list');
    return this.repo.registrations(this.db, { userId: q.scope === 'all' ? null : me.userId, q: q.q });
  }

  /** Whose face it will be, checked before the capture is read (the upload is not even received when refused). */
  async subject(q: FaceRegisterQuery, me: Principal, client: ClientInfo): Promise<{ userId: string; account: string }> {
    await this.access.needRegister(me, client, 'face.registration.add');
    if (!q.account || q.account === me.account) return { userId: me.userId, account: me.account };
    await this.access.needManage(me, client, 'face.registration.add');
    const [user] = await this.repo.usersByAccounts(this.db, [q.account]);
    if (!user) throw await this.access.refuse(me, client, 'face.registration.add', q.account, FacesErrors.userNotFound(q.account));
    return { userId: user.id, account: user.account };
  }

  async register(bytes: Uint8Array, subject: { userId: string; account: string }, q: FaceRegisterQuery, me: Principal, client: ClientInfo): Promise<FaceRegistration> {
    const log = { me, client, action: 'face.registration.add' };
    if ((await this.repo.countOf(this.db, subject.userId)) >= FACE_LIMITS.perPerson) throw await this.access.refuse(me, client, log.action, subject.account, FacesErrors.tooMany(FACE_LIMITS.perPerson));
    const s = await this.repo.settings(this.db);
    const face = await this.captures.face(bytes, s, log);
    const id = await this.db.transaction(async (tx) => {
      if ((await this.repo.lockedCount(tx, subject.userId)) >= FACE_LIMITS.perPerson) return null;
      return this.repo.addRegistration(tx, { userId: subject.userId, embedding: face.embedding, model: FACE_MODEL, faceScore: Math.min(1, face.score), faceSize: face.size, source: q.source, createdBy: me.userId });
    });
    if (!id) throw await this.access.refuse(me, client, log.action, subject.account, FacesErrors.tooMany(FACE_LIMITS.perPerson));
    await this.access.record(me, client, log.action, subject.account, { id, source: q.source, faceScore: face.score, faceSize: face.size });
    const row = await this.repo.registration(this.db, id);
    if (!row) throw FacesErrors.notFound();
    return row;
  }

  async remove(id: string, me: Principal, client: ClientInfo): Promise<void> {
    await this.access.needRegister(me, client, 'face.registration.delete');
    const row = await this.repo.registration(this.db, id);
    if (!row) throw FacesErrors.notFound();
    if (row.userId !== me.userId && !this.access.manages(me)) throw await this.access.refuse(me, client, 'face.registration.delete', row.account, FacesErrors.forbidden());
    await this.repo.deleteRegistration(this.db, id);
    await this.access.record(me, client, 'face.registration.delete', row.account, { id });
  }
}
