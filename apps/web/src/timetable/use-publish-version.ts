import { useMutation, useQueryClient } from '@tanstack/react-query';
import { timetableClient, timetableKeys } from './timetable-client.js';

/** 发布: the draft becomes the semester's timetable and the one before is archived; everything shown is read again. */
export function usePublishVersion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => timetableClient.publish(id),
    onSettled: () => client.invalidateQueries({ queryKey: timetableKeys.all }),
  });
}
