import { useNavigate } from 'react-router-dom';
import { Button, Icon, Label, type SemanticICONS } from 'semantic-ui-react';
import type { SurveyListItem } from '@schoolflow/contracts';
import { errorMessage } from '../../api/http.js';
import { confirmAction } from '../../components/confirm-dialog.js';
import { DeleteButton, FilterCard, FilterInput, FilterSelect, ListTable, RefreshButton, RowButton, TableCard, useFilters, type Column } from '../../components/list-page.js';
import { usePaging } from '../../components/pager.js';
import { toast } from '../../util/toast.js';
import type { SurveyListParams } from './manage-client.js';
import { surveyLink } from './survey-links.js';
import { useDeleteSurvey } from './use-delete-survey.js';
import { useDisableSurvey } from './use-disable-survey.js';
import { useEnableSurvey } from './use-enable-survey.js';
import { categoryLabel, useSurveysT } from './use-manage-t.js';
import { usePublishSurvey } from './use-publish-survey.js';
import { useSurveyCategories } from './use-survey-categories.js';
import { useSurveys } from './use-surveys.js';
import { useSurveysLive } from './use-surveys-live.js';
import { useUnpublishSurvey } from './use-unpublish-survey.js';

type Filters = Pick<SurveyListParams, 'name' | 'category' | 'enabled' | 'published'>;
const NO_FILTERS: Filters = { name: '', category: '', enabled: '', published: '' };

/**
 * A row's actions: edit, preview (the public preview page, in a window of its own), results, publish or unpublish,
 * enable or disable — each saying the server's success or failure message — and delete after a confirmation.
 */
function RowActions({ survey }: { survey: SurveyListItem }) {
  const { s } = useSurveysT();
  const navigate = useNavigate();
  const publish = usePublishSurvey();
  const unpublish = useUnpublishSurvey();
  const enable = useEnableSurvey();
  const disable = useDisableSurvey();
  const remove = useDeleteSurvey();
  const busy = publish.isPending || unpublish.isPending || enable.isPending || disable.isPending || remove.isPending;
  // state changes answer their own message; a deletion answers none, so the page words it
  const run = async (question: string | null, action: () => Promise<string>, done = '') => {
    if (question && !(await confirmAction(question))) return;
    try {
      toast.success((await action()) || done);
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  const button = (testId: string, icon: SemanticICONS, text: string, onClick: () => void, color?: 'green' | 'orange') => (
    <Button size="mini" basic color={color} disabled={busy} data-testid={testId} onClick={onClick}>
      <Icon name={icon} /> {text}
    </Button>
  );
  // the frequent state changes carry their words; the rest are icons named by their titles, so a row stays one line
  return (
    <span className="sf-survey-actions">
      <RowButton icon="edit outline" title={s('manage.list.edit')} testId="survey-edit" disabled={busy} onClick={() => void navigate(surveyLink.edit(survey.id))} />
      {/* same site and no `noopener`: the new window starts with this one's session, so the author sees the draft */}
      <RowButton icon="eye" title={s('manage.list.preview')} testId="survey-preview" onClick={() => window.open(surveyLink.preview(survey.id), '_blank')} />
      <RowButton icon="chart bar outline" color="blue" title={s('manage.list.results')} testId="survey-results" onClick={() => void navigate(surveyLink.results(survey.id))} />
      {survey.published
        ? button('survey-unpublish', 'undo', s('manage.list.unpublish'), () => void run(s('manage.list.unpublishConfirm', { name: survey.name }), () => unpublish.mutateAsync(survey.id)), 'orange')
        : button('survey-publish', 'send', s('manage.list.publish'), () => void run(null, () => publish.mutateAsync(survey.id)), 'green')}
      {survey.enabled
        ? button('survey-disable', 'pause circle outline', s('manage.list.disable'), () => void run(null, () => disable.mutateAsync(survey.id)))
        : button('survey-enable', 'play circle outline', s('manage.list.enable'), () => void run(null, () => enable.mutateAsync(survey.id)))}
      <DeleteButton title={s('manage.list.remove')} testId="survey-delete" disabled={busy} onClick={() => void run(s('manage.list.removeConfirm', { name: survey.name }), () => remove.mutateAsync(survey.id), s('manage.list.removed'))} />
    </span>
  );
}

/**
 * 问卷管理 (`/survey/wjlb`): the questionnaires, filtered by name, category, in use or not and published or not, paged;
 * each row its category, window, states and counts (kept live by `survey.answered`), and its actions.
 */
export function SurveyList({ active }: { active: boolean }) {
  const { s, lang } = useSurveysT();
  const navigate = useNavigate();
  const paging = usePaging(10);
  const { filters: draft, applied: filters, set, search, reset } = useFilters(NO_FILTERS, () => paging.setCurrent(1));
  const categories = useSurveyCategories();
  const surveys = useSurveys({ ...filters, current: paging.current, size: paging.size }, active);
  useSurveysLive();
  const page = surveys.data ?? { records: [], total: 0, current: 1, size: paging.size };
  const categoryOptions = (categories.data ?? []).map((c) => ({ value: c.code, text: categoryLabel(c, lang) }));
  const yesNo = [
    { value: 'true', text: s('manage.list.yes') },
    { value: 'false', text: s('manage.list.no') },
  ];

  const columns: Column<SurveyListItem>[] = [
    { title: s('manage.list.name'), cell: (r) => <span data-testid="survey-name">{r.name}</span> },
    { title: s('manage.list.category'), narrow: true, props: { singleLine: true }, cell: (r) => r.categoryName },
    // the API answers both as school time already (`YYYY-MM-DD HH:mm`): shown as they are
    { title: s('manage.list.window'), narrow: true, props: { singleLine: true }, cell: (r) => s('manage.list.range', { start: r.start, end: r.end }) },
    {
      title: s('manage.list.status'),
      narrow: true,
      props: { singleLine: true },
      cell: (r) => (
        <Label size="tiny" color={r.enabled ? 'green' : 'grey'} data-testid="survey-enabled" data-state={r.enabled ? 'enabled' : 'disabled'}>
          {s(r.enabled ? 'states.enabled' : 'states.disabled')}
        </Label>
      ),
    },
    {
      title: s('manage.list.published'),
      narrow: true,
      props: { singleLine: true },
      cell: (r) => (
        <Label size="tiny" color={r.published ? 'blue' : undefined} basic={!r.published} data-testid="survey-published" data-state={r.published ? 'published' : 'unpublished'}>
          {s(r.published ? 'states.published' : 'states.unpublished')}
        </Label>
      ),
    },
    { title: s('manage.list.audience'), narrow: true, props: { singleLine: true }, cell: (r) => (r.public ? s('manage.list.public') : s('manage.list.signedIn')) },
    { title: s('manage.list.views'), narrow: true, props: { textAlign: 'right', 'data-testid': 'survey-views' }, cell: (r) => r.views },
    { title: s('manage.list.respondents'), narrow: true, props: { textAlign: 'right', 'data-testid': 'survey-respondents' }, cell: (r) => r.respondents },
    { title: s('manage.list.actions'), narrow: true, props: { singleLine: true }, cell: (r) => <RowActions survey={r} /> },
  ];

  return (
    <div className="sf-page sf-surveys" data-testid="survey-list-page">
      <FilterCard testId="survey-filters" onSearch={search} onReset={reset}>
        <FilterInput id="survey-filter-name" label={s('manage.list.name')} value={draft.name} onValue={(name) => set('name', name)} />
        <FilterSelect id="survey-filter-category" label={s('manage.list.category')} value={draft.category} all={s('manage.list.all')} options={categoryOptions} onValue={(category) => set('category', category)} />
        <FilterSelect id="survey-filter-enabled" label={s('manage.list.status')} value={draft.enabled} all={s('manage.list.all')} options={[{ value: 'true', text: s('states.enabled') }, { value: 'false', text: s('states.disabled') }]} onValue={(v) => set('enabled', v === 'true' || v === 'false' ? v : '')} />
        <FilterSelect id="survey-filter-published" label={s('manage.list.published')} value={draft.published} all={s('manage.list.all')} options={yesNo} onValue={(v) => set('published', v === 'true' || v === 'false' ? v : '')} />
      </FilterCard>
      <TableCard
        icon="list alternate outline"
        title={s('page.list')}
        loading={surveys.isFetching && !surveys.data}
        pager={{ testId: 'survey-pager', total: page.total, paging }}
        tools={
          <>
            <RefreshButton onClick={() => void surveys.refetch()} testId="survey-refresh" />
            <Button primary size="small" data-testid="survey-create" onClick={() => void navigate(surveyLink.create())}>
              <Icon name="plus" /> {s('manage.list.create')}
            </Button>
          </>
        }
      >
        <ListTable
          testId="survey-table"
          columns={columns}
          rows={page.records}
          rowKey={(r) => r.id}
          rowProps={(r) => ({ 'data-testid': 'survey-row', 'data-id': r.id, 'data-name': r.name })}
          empty={{ text: s('manage.list.empty'), testId: 'survey-empty' }}
        />
      </TableCard>
    </div>
  );
}
