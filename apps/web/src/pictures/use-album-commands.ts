import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AlbumDetail, AlbumValues, Envelope } from '@schoolflow/contracts';
import { reportError } from '../api/http.js';
import { toast } from '../util/toast.js';
import { picturesClient, picturesKeys } from './pictures-client.js';

/** After a change: the album is the answer, the list and the carousel read again; the server's words shown. */
function useDone() {
  const client = useQueryClient();
  return (res: Envelope<AlbumDetail | unknown>) => {
    const album = res.data as AlbumDetail | undefined;
    if (album && typeof album === 'object' && 'id' in album) client.setQueryData(picturesKeys.one(album.id), album);
    void client.invalidateQueries({ queryKey: picturesKeys.list });
    void client.invalidateQueries({ queryKey: picturesKeys.home });
    if (res.msg) toast.success(res.msg);
  };
}

export function useSaveAlbum() {
  const done = useDone();
  return useMutation({ mutationFn: ({ id, body }: { id: string | null; body: AlbumValues }) => (id ? picturesClient.update(id, body) : picturesClient.create(body)), onSuccess: done, onError: reportError });
}

export function useRemoveAlbum() {
  const done = useDone();
  return useMutation({ mutationFn: (id: string) => picturesClient.remove(id), onSuccess: done, onError: reportError });
}

export function useUploadPictures() {
  const done = useDone();
  return useMutation({ mutationFn: ({ albumId, files }: { albumId: string; files: File[] }) => picturesClient.upload(albumId, files), onSuccess: done, onError: reportError });
}

export function useOrderPictures() {
  const done = useDone();
  return useMutation({ mutationFn: ({ albumId, ids }: { albumId: string; ids: string[] }) => picturesClient.order(albumId, ids), onSuccess: done, onError: reportError });
}

export function useSetCover() {
  const done = useDone();
  return useMutation({ mutationFn: ({ albumId, pictureId }: { albumId: string; pictureId: string }) => picturesClient.cover(albumId, pictureId), onSuccess: done, onError: reportError });
}

export function useSetCaption() {
  const done = useDone();
  return useMutation({ mutationFn: ({ pictureId, caption }: { pictureId: string; caption: string }) => picturesClient.caption(pictureId, caption), onSuccess: done, onError: reportError });
}

export function useRemovePicture() {
  const done = useDone();
  return useMutation({ mutationFn: (pictureId: string) => picturesClient.removePicture(pictureId), onSuccess: done, onError: reportError });
}
