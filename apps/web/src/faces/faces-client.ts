import {
  type FaceGroup,
  type FaceGroupValues,
  type FaceRegistration,
  type FaceSettings,
  type FaceSettingsValues,
  type FaceVerification,
  facesPath,
} from '@schoolflow/contracts';
import { request, requestData } from '../api/http.js';

export type CaptureSource = 'upload' | 'camera';

/** Query keys of 人脸识别: everything under `faces`. */
export const facesKeys = {
  all: ['faces'] as const,
  settings: ['faces', 'settings'] as const,
  groups: ['faces', 'groups'] as const,
  registrations: (scope: 'mine' | 'all', q: string) => ['faces', 'registrations', scope, q] as const,
};

/** A capture as the multipart `file` the server reads (the camera's snapshot is a JPEG). */
export function captureForm(photo: Blob): FormData {
  const form = new FormData();
  form.append('file', photo, photo instanceof File ? photo.name : 'capture.jpg');
  return form;
}

/** The calls of 人脸识别 (docs/product/campus-life.md#face-recognition). */
export const facesClient = {
  settings: (signal?: AbortSignal) => requestData<FaceSettings>(facesPath.settings, { signal }),
  saveSettings: (body: FaceSettingsValues) => request<FaceSettings>(facesPath.settings, { method: 'PUT', json: body }),
  groups: (signal?: AbortSignal) => requestData<FaceGroup[]>(facesPath.groups, { signal }),
  saveGroup: (id: string | null, body: FaceGroupValues) => request<FaceGroup>(id ? facesPath.group(id) : facesPath.groups, { method: id ? 'PUT' : 'POST', json: body }),
  deleteGroup: (id: string) => request<null>(facesPath.group(id), { method: 'DELETE' }),
  registrations: (scope: 'mine' | 'all', q: string, signal?: AbortSignal) => requestData<FaceRegistration[]>(facesPath.registrations, { query: { scope, ...(q ? { q } : {}) }, signal }),
  register: (photo: Blob, source: CaptureSource, account: string) =>
    request<FaceRegistration>(facesPath.registrations, { method: 'POST', multipart: captureForm(photo), query: { source, ...(account ? { account } : {}) } }),
  deleteRegistration: (id: string) => request<null>(facesPath.registration(id), { method: 'DELETE' }),
  verify: (photo: Blob) => requestData<FaceVerification>(facesPath.verify, { method: 'POST', multipart: captureForm(photo) }),
};
