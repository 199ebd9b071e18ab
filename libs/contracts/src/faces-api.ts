import { z } from 'zod';
import { Permission } from './permissions.js';
import { uuidText } from './schemas.js';

/**
 * 人脸识别 (view stems `faceRecognition/config`, `faceRecognition/registration`, `faceRecognition/group`;
 * docs/product/campus-life.md#face-recognition, docs/adr/0063-face-recognition.md): a person's registered faces —
 * kept as the model's embeddings, never the photo — groups of people whose faces a check-in compares with, and the
 * settings (the match threshold, the check-in group, the liveness check). The server computes every embedding from
 * the uploaded capture, so a browser cannot claim a match. Under `/server/api/faces`.
 */
export const FACES_BASE = '/api/faces';

export const facesPath = {
  /** `GET` → `FaceSettings` (anyone signed in: the check-in page says whether face check-in is on); `PUT` `faceSettingsSchema` (face:manage). */
  settings: `${FACES_BASE}/settings`,
  /** `GET` → `FaceGroup[]` (face:manage); `POST` `faceGroupSchema` → `FaceGroup`. */
  groups: `${FACES_BASE}/groups`,
  /** `PUT` `faceGroupSchema` → `FaceGroup`; `DELETE` (face:manage). */
  group: (id: string): string => `${FACES_BASE}/groups/${id}`,
  /** `GET` `faceRegistrationQuerySchema` → `FaceRegistration[]` (others' with face:manage); `POST` multipart `file` (`?account=` for someone else, face:manage) → `FaceRegistration`. */
  registrations: `${FACES_BASE}/registrations`,
  /** `DELETE`: one's own, or anyone's with face:manage. */
  registration: (id: string): string => `${FACES_BASE}/registrations/${id}`,
  /** `POST` multipart `file` → `FaceVerification`: does this capture match my registered face (in the check-in group)? Records nothing. */
  verify: `${FACES_BASE}/verify`,
} as const;

export const FacePermission = {
  /** The settings, the groups, and registering or deleting anyone's face. */
  manage: Permission.faceManage,
  /** Registering and deleting one's own face (staff and students). */
  register: Permission.faceRegister,
} as const;

/** The pages (docs/adr/0063-face-recognition.md#routes): 人脸识别 with 人脸注册 (everyone who registers), 识别设置 and 人脸分组 (administrators). */
export const FACE_PAGES = {
  group: { url: '/faceRecognition', permission: 'menu:face', icon: 'user circle', sort: 56 },
  registration: { url: '/faceRecognition/registration', permission: Permission.faceRegister, icon: 'camera', sort: 1 },
  groups: { url: '/faceRecognition/group', permission: Permission.faceManage, icon: 'users', sort: 2 },
  config: { url: '/faceRecognition/config', permission: Permission.faceManage, icon: 'cogs', sort: 3 },
} as const;

export const FACE_LIMITS = {
  /** Registered faces per person, at most (a few angles or lightings; more adds nothing). */
  perPerson: 5,
  /** An uploaded capture's size, at most (KB). */
  photoMaxKb: 5120,
  /** The match threshold's range (the model's normalised similarity, 0..1). */
  thresholdMin: 0.3,
  thresholdMax: 0.95,
  groupNameMax: 30,
  groupDescriptionMax: 200,
  groupMembersMax: 2000,
} as const;

/** The extensions a capture may have: the camera's snapshot is a JPEG; an uploaded photo JPEG or PNG. */
export const FACE_PHOTO_EXTENSIONS = ['.jpg', '.jpeg', '.png'] as const;

/** What the server runs (read-only in the settings page; docs/adr/0063-face-recognition.md#model). */
export interface FaceModelInfo {
  library: string;
  version: string;
  detector: string;
  descriptor: string;
  backend: string;
  /** Milliseconds the first load took in this instance, or null: not loaded since it started (loaded on first use). */
  loadMs: number | null;
}

export interface FaceSettings {
  /** The normalised similarity a capture must reach with a registered face (0.3..0.95). */
  threshold: number;
  /** Teachers may check in by face. */
  checkinEnabled: boolean;
  /** The group a check-in compares with (its members' registered faces); null: one's own registered faces only. */
  checkinGroupId: string | null;
  checkinGroupName: string | null;
  /** Refuse a capture the anti-spoofing and liveness models do not judge a live face (a photo of a photo, a screen). */
  liveness: boolean;
  /** Their score a capture must reach when `liveness` is on (0..1). */
  livenessMin: number;
  model: FaceModelInfo;
}

const ratio = (min: number, max: number, message: string) =>
  z.coerce.number({ error: message }).refine((n) => Number.isFinite(n) && n >= min && n <= max, message);

export const faceSettingsSchema = z.object({
  threshold: ratio(FACE_LIMITS.thresholdMin, FACE_LIMITS.thresholdMax, 'faces.validation.thresholdInvalid'),
  checkinEnabled: z.boolean({ error: 'faces.validation.flagInvalid' }),
  checkinGroupId: z.preprocess((v) => (v === '' ? null : v), uuidText().nullable()),
  liveness: z.boolean({ error: 'faces.validation.flagInvalid' }),
  livenessMin: ratio(0.1, 0.99, 'faces.validation.livenessMinInvalid'),
});
export type FaceSettingsInput = z.input<typeof faceSettingsSchema>;
export type FaceSettingsValues = z.output<typeof faceSettingsSchema>;

/** A group: a name, what it is, and its members by account (e.g. a campus's teachers). */
export const faceGroupSchema = z.object({
  name: z.string({ error: 'faces.validation.groupNameRequired' }).trim().min(1, 'faces.validation.groupNameRequired').max(FACE_LIMITS.groupNameMax, 'faces.validation.groupNameTooLong'),
  description: z.string().trim().max(FACE_LIMITS.groupDescriptionMax, 'faces.validation.descriptionTooLong').default(''),
  accounts: z
    .array(z.string().trim().min(1).max(64), { error: 'faces.validation.accountsInvalid' })
    .max(FACE_LIMITS.groupMembersMax, 'faces.validation.accountsInvalid')
    .default([]),
});
export type FaceGroupInput = z.input<typeof faceGroupSchema>;
export type FaceGroupValues = z.output<typeof faceGroupSchema>;

export const faceRegistrationQuerySchema = z.object({
  /** `mine` (default): my own; `all`: everyone's (face:manage). */
  scope: z.enum(['mine', 'all'], { error: 'faces.validation.scopeInvalid' }).default('mine'),
  q: z.string().trim().max(64).optional(),
});
export type FaceRegistrationQuery = z.infer<typeof faceRegistrationQuerySchema>;

/** `?account=` on a registration's upload: someone else's face, registered by an administrator. */
export const faceRegisterQuerySchema = z.object({
  account: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().min(1).max(64).optional()),
  source: z.enum(['upload', 'camera'], { error: 'faces.validation.sourceInvalid' }).default('upload'),
});
export type FaceRegisterQuery = z.infer<typeof faceRegisterQuerySchema>;

export const faceCaptureQuerySchema = z.object({
  source: z.enum(['upload', 'camera'], { error: 'faces.validation.sourceInvalid' }).default('upload'),
});
export type FaceCaptureQuery = z.infer<typeof faceCaptureQuerySchema>;

export interface FaceGroupMember {
  userId: string;
  account: string;
  name: string;
  /** How many faces they have registered (0: a check-in by face cannot match them yet). */
  registrations: number;
}

export interface FaceGroup {
  id: string;
  name: string;
  description: string;
  members: FaceGroupMember[];
  /** It is the check-in group. */
  checkin: boolean;
  createdAt: string;
}

/** A registered face: who, how it was taken, how sure the detector was — the embedding itself never leaves the server. */
export interface FaceRegistration {
  id: string;
  userId: string;
  account: string;
  name: string;
  source: 'upload' | 'camera';
  /** The detector's confidence in the face it described (0..1). */
  faceScore: number;
  /** The face's width in the capture, in pixels. */
  faceSize: number;
  registeredBy: string;
  createdAt: string;
}

export interface FaceVerification {
  matched: boolean;
  /** The best similarity with one's own registered faces (0..1). */
  similarity: number;
  threshold: number;
}
