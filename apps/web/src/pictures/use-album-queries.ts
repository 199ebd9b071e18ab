import { useQuery } from '@tanstack/react-query';
import { picturesClient, picturesKeys } from './pictures-client.js';

/** The albums one sees and what one may create. */
export function useAlbums(enabled: boolean) {
  return useQuery({ queryKey: picturesKeys.list, queryFn: ({ signal }) => picturesClient.list(signal), enabled, staleTime: 0 });
}

/** One album with its pictures. */
export function useAlbum(id: string | null) {
  return useQuery({ queryKey: picturesKeys.one(id ?? ''), queryFn: ({ signal }) => picturesClient.one(id ?? '', signal), enabled: id !== null, staleTime: 0 });
}

/** The home page's carousel; a failure leaves the dashboard without it, silently. */
export function useHomePictures(enabled: boolean) {
  return useQuery({ queryKey: picturesKeys.home, queryFn: ({ signal }) => picturesClient.home(signal), enabled, staleTime: 0, meta: { silent: true } });
}
