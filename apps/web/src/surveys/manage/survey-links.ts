import { SURVEY_PAGES } from '@schoolflow/contracts';

const pageUrl = (key: (typeof SURVEY_PAGES)[number]['key']): string => SURVEY_PAGES.find((p) => p.key === key)?.url ?? '/survey/wjlb';
const enc = encodeURIComponent;

/**
 * Where the management pages open (docs/adr/0038-questionnaires.md#routes): the list, its results state
 * (`?id=…&view=results`, the results page's), the form new or editing (`?id=`), and the public preview.
 */
export const surveyLink = {
  list: () => pageUrl('list'),
  results: (id: string) => `${pageUrl('list')}?id=${enc(id)}&view=results`,
  create: () => pageUrl('create'),
  edit: (id: string) => `${pageUrl('create')}?id=${enc(id)}`,
  preview: (id: string) => `/survey/cjwj/perviewWJ?id=${enc(id)}`,
};
