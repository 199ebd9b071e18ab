import { useQuery } from '@tanstack/react-query';
import { resourceClient } from '../resources/resource-client.js';

/** Teaching classes of a semester offered at most (a school has a few dozen a semester). */
const TEACHING_CLASSES_PAGE = 200;

/**
 * The semester's teaching classes, whose weeks the editor may open besides the administrative classes' (those are
 * picked from their options, searchable). Read from their list, which not everyone who schedules may read: a refusal
 * leaves only the classes.
 */
export function useTeachingClasses(semesterId: string, enabled: boolean) {
  const teaching = useQuery({
    queryKey: ['timetable', 'teaching-classes', semesterId],
    queryFn: ({ signal }) => resourceClient.list('teaching-classes', { current: 1, size: TEACHING_CLASSES_PAGE, semesterId }, signal),
    enabled: enabled && semesterId !== '',
    meta: { silent: true },
  });
  return (teaching.data?.list ?? []).map((r) => ({ id: r.id, name: typeof r.name === 'string' ? r.name : r.id }));
}
