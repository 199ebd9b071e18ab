import { type AlbumDetail, type AlbumList, type AlbumValues, type HomePicture, PICTURE_LIMITS, picturesPath } from '@schoolflow/contracts';
import { request, requestData } from '../api/http.js';
import { fileApi } from '../api/file-api.js';
import { thumbnailOf } from './thumbnail.js';

/** Query keys of 图片管理: everything under `pictures`; a change marks the list, that album and the carousel stale. */
export const picturesKeys = {
  all: ['pictures'] as const,
  list: ['pictures', 'list'] as const,
  one: (id: string) => ['pictures', 'album', id] as const,
  home: ['pictures', 'home'] as const,
};

const UPLOAD_RULES = { maxSizeKb: PICTURE_LIMITS.bytes / 1024, types: PICTURE_LIMITS.types, limit: PICTURE_LIMITS.perUpload };

/** The calls of 图片管理 (docs/product/campus-life.md#pictures). */
export const picturesClient = {
  list: (signal?: AbortSignal) => requestData<AlbumList>(picturesPath.albums, { signal }),
  one: (id: string, signal?: AbortSignal) => requestData<AlbumDetail>(picturesPath.album(id), { signal }),
  home: (signal?: AbortSignal) => requestData<HomePicture[]>(picturesPath.home, { signal }),
  create: (body: AlbumValues) => request<AlbumDetail>(picturesPath.albums, { method: 'POST', json: body }),
  update: (id: string, body: AlbumValues) => request<AlbumDetail>(picturesPath.album(id), { method: 'PUT', json: body }),
  remove: (id: string) => request<unknown>(picturesPath.album(id), { method: 'DELETE' }),
  order: (id: string, ids: string[]) => request<AlbumDetail>(picturesPath.order(id), { method: 'POST', json: { ids } }),
  cover: (id: string, pictureId: string) => request<AlbumDetail>(picturesPath.cover(id), { method: 'POST', json: { pictureId } }),
  caption: (pictureId: string, caption: string) => request<AlbumDetail>(picturesPath.picture(pictureId), { method: 'PUT', json: { caption } }),
  removePicture: (pictureId: string) => request<AlbumDetail>(picturesPath.picture(pictureId), { method: 'DELETE' }),
  /**
   * Uploads the files through the file service (its limits and content checks), then their thumbnails — made here,
   * in the browser (docs/adr/0066-pictures-and-home-cards.md#thumbnails) — and adds both to the album.
   */
  async upload(albumId: string, files: readonly File[]) {
    const originals = await fileApi.upload(files, UPLOAD_RULES);
    const thumbs = (await Promise.all(files.map((f) => thumbnailOf(f, PICTURE_LIMITS.thumbSide)))) as (File | null)[];
    const made = thumbs.filter((t): t is File => t !== null);
    const uploaded = made.length > 0 ? await fileApi.upload(made, UPLOAD_RULES) : [];
    let next = 0;
    const pictures = originals.map((o, i) => ({ resId: o.resId, thumbResId: thumbs[i] ? (uploaded[next++]?.resId ?? null) : null, caption: '' }));
    return request<AlbumDetail>(picturesPath.pictures(albumId), { method: 'POST', json: { pictures } });
  },
};
