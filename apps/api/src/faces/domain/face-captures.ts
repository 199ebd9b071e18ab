import { Injectable } from '@nestjs/common';
import type { FaceVerification } from '@schoolflow/contracts';
import type { ClientInfo, Principal } from '../../infrastructure/http/request-context.js';
import type { AppException } from '../../infrastructure/http/app-exception.js';
import { FaceEngine } from '../engine/face-engine.js';
import { bestMatch, isMatch } from '../engine/face-match.js';
import type { DescribedFace } from '../engine/face-model.worker.js';
import { FacesErrors } from '../faces.errors.js';
import { FacesAccess } from './faces-access.js';
import { chooseFace } from './face-rules.js';
import { type Db, type FaceSettingsRow, FacesRepository } from './faces.repository.js';

/** The model that made an embedding, stored with it: embeddings of another model do not compare. */
export const FACE_MODEL = 'human-3.3.6/faceres';

/**
 * A capture's one face, and whether it is the caller's (docs/adr/0063-face-recognition.md#check-in): the engine
 * describes it, the rules choose the face, and the caller's registered faces — within the check-in group when one is
 * set: the nearest face of the whole group must be the caller's — decide. Used by registration, `verify` and the
 * attendance check-in by face. Refusals go to the operation log under the caller's action.
 */
@Injectable()
export class FaceCaptures {
  constructor(
    private readonly engine: FaceEngine,
    private readonly repo: FacesRepository,
    private readonly access: FacesAccess,
  ) {}

  /** The capture's face, or the refusal (logged under `action`). */
  async face(bytes: Uint8Array, s: Pick<FaceSettingsRow, 'liveness' | 'livenessMin'>, log: { me: Principal; client: ClientInfo; action: string }): Promise<DescribedFace> {
    const refuse = (e: AppException) => this.access.refuse(log.me, log.client, log.action, null, e);
    let reading;
    try {
      reading = await this.engine.read(bytes, s.liveness);
    } catch (e) {
      throw await refuse(e as AppException);
    }
    const verdict = chooseFace(reading.faces, { on: s.liveness, min: s.livenessMin });
    if (verdict.ok) return verdict.face;
    const err = verdict.reason === 'noFace' ? FacesErrors.noFace() : verdict.reason === 'manyFaces' ? FacesErrors.manyFaces(verdict.count) : verdict.reason === 'faceTooSmall' ? FacesErrors.faceTooSmall(verdict.size) : FacesErrors.notLive();
    throw await refuse(err);
  }

  /**
   * Compares the capture with the caller's registered faces under the settings. Refuses (logged) when face check-in
   * is off (`forCheckin`), the caller has no registered face, or is not in the check-in group; answers the result
   * otherwise — a mismatch is the caller's to refuse.
   */
  async verify(db: Db, bytes: Uint8Array, me: Principal, client: ClientInfo, action: string, forCheckin: boolean): Promise<FaceVerification & { settings: FaceSettingsRow }> {
    const s = await this.repo.settings(db);
    const refuse = (e: AppException) => this.access.refuse(me, client, action, null, e);
    if (forCheckin && !s.checkinEnabled) throw await refuse(FacesErrors.faceCheckinOff());
    if ((await this.repo.countOf(db, me.userId)) === 0) throw await refuse(FacesErrors.notRegistered());
    if (s.checkinGroupId && !(await this.repo.isMember(db, s.checkinGroupId, me.userId))) throw await refuse(FacesErrors.notInGroup(s.checkinGroupName ?? ''));
    const face = await this.face(bytes, s, { me, client, action });
    const candidates = await this.repo.candidates(db, s.checkinGroupId, me.userId);
    const m = bestMatch(face.embedding, candidates, me.userId);
    return { matched: isMatch(m, me.userId, s.threshold), similarity: m.userId === me.userId ? m.similarity : m.own, threshold: s.threshold, settings: s };
  }
}
