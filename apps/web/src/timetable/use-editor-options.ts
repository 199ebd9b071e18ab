import { useQuery } from '@tanstack/react-query';
import { useT } from '../i18n/use-t.js';
import type { Section } from './editor-model.js';
import { timetableClient, timetableKeys } from './timetable-client.js';

/** The editor's choices for one class or teaching class: its courses with their teacher and weekly periods, the rooms. */
export function useEditorOptions(timetableId: string, section: Section | null) {
  const { lang } = useT();
  return useQuery({
    queryKey: timetableKeys.editorOptions(timetableId, section?.id ?? '', lang),
    queryFn: ({ signal }) => timetableClient.editorOptions(timetableId, section as Section, signal),
    enabled: timetableId !== '' && section !== null,
  });
}
