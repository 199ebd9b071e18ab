import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button, Form, Message, Segment } from 'semantic-ui-react';
import { FEEDBACK_STATES, type FeedbackListQuery, feedbackListQuerySchema } from '@schoolflow/contracts';
import { errorMessage } from '../api/http.js';
import { FieldError } from '../components/form-field.js';
import { PageLoader } from '../components/page-loader.js';
import { Pager, usePaging } from '../components/pager.js';
import { textParam, useViewParam } from '../router/use-view-param.js';
import type { ViewProps } from '../router/view-props.js';
import { firstMessage, namespacedMessage } from '../util/form-errors.js';
import type { FeedbackFilters } from './feedback-client.js';
import { FeedbackDetailPanel } from './feedback-detail-panel.js';
import { FeedbackTable } from './feedback-table.js';
import { useFeedbackCategories } from './use-feedback-categories.js';
import { useFeedbackT } from './use-feedback-t.js';
import { useHandledFeedback } from './use-handled-feedback.js';
import { useOpenFeedback } from './use-open-feedback.js';
import './feedback.css';

/** The filter inputs as typed ('' for any). */
interface FilterDraft {
  state: string;
  category: string;
  from: string;
  to: string;
  q: string;
}

/**
 * 反馈处理 (`/feedback/handle`; docs/product/campus-life.md#user-feedback): everyone's feedback for those granted
 * feedback:handle, by state, category, submission dates and words in title or content; one opens to be taken, replied
 * to (the submitter is told at once) and closed. Anonymous feedback shows no name.
 */
export default function HandleFeedbackView({ active }: ViewProps) {
  const { f, lang } = useFeedbackT();
  const [openId, setOpenId] = useOpenFeedback();
  // the filters searched by, kept in the address (`?state=…&category=…&from=…&to=…&q=…`) as the form's inputs hold them
  const [state, setState] = useViewParam('state', '', textParam);
  const [category, setCategory] = useViewParam('category', '', textParam);
  const [from, setFrom] = useViewParam('from', '', textParam);
  const [to, setTo] = useViewParam('to', '', textParam);
  const [q, setQ] = useViewParam('q', '', textParam);
  const applied: FilterDraft = { state, category, from, to, q };
  // read through the form's schema: an address edited by hand asks for no filter the form could not have sent
  const checked = feedbackListQuerySchema.safeParse(applied);
  const filters: FeedbackFilters = checked.success ? { state: checked.data.state, category: checked.data.category, from: checked.data.from, to: checked.data.to, q: checked.data.q } : {};
  const { current, size, setCurrent, setSize } = usePaging(20);
  const list = useHandledFeedback(filters, current, size, active && openId === null);
  const categories = useFeedbackCategories();
  const { register, handleSubmit, formState } = useForm<FilterDraft, unknown, FeedbackListQuery>({ defaultValues: applied, resolver: zodResolver(feedbackListQuerySchema) as never });
  const err = (e: unknown) => {
    const m = firstMessage(e);
    return m ? namespacedMessage(m) : undefined;
  };
  const search = handleSubmit((v) => {
    setState(v.state ?? '');
    setCategory(v.category ?? '');
    setFrom(v.from ?? '');
    setTo(v.to ?? '');
    setQ(v.q ?? '');
    setCurrent(1);
  });
  return (
    <div className="sf-page sf-feedback" data-testid="feedback-handle-view">
      <Segment className="sf-card">
        <h3>{f('page.handle')}</h3>
        {openId ? (
          <FeedbackDetailPanel id={openId} handler onBack={() => setOpenId(null)} />
        ) : (
          <>
            {/* drawn again once the categories come: a category from the address is then among the options */}
            <Form key={categories.data ? 'categories' : 'loading'} size="small" className="sf-feedback-filters" onSubmit={() => void search()} data-testid="feedback-filters">
              <Form.Group widths="equal">
                <Form.Field>
                  <label htmlFor="feedback-filter-state">{f('fields.state')}</label>
                  <select id="feedback-filter-state" className="ui dropdown" data-testid="feedback-filter-state" {...register('state')}>
                    <option value="">{f('fields.all')}</option>
                    {FEEDBACK_STATES.map((s) => (
                      <option key={s} value={s}>
                        {f(`states.${s}`)}
                      </option>
                    ))}
                  </select>
                </Form.Field>
                <Form.Field>
                  <label htmlFor="feedback-filter-category">{f('fields.category')}</label>
                  <select id="feedback-filter-category" className="ui dropdown" data-testid="feedback-filter-category" {...register('category')}>
                    <option value="">{f('fields.all')}</option>
                    {(categories.data ?? []).map((c) => (
                      <option key={c.code} value={c.code}>
                        {lang === 'en' && c.nameEn ? c.nameEn : c.name}
                      </option>
                    ))}
                  </select>
                </Form.Field>
                <Form.Field>
                  <label htmlFor="feedback-filter-from">{f('fields.from')}</label>
                  <input id="feedback-filter-from" type="date" data-testid="feedback-filter-from" {...register('from')} />
                </Form.Field>
                <Form.Field error={Boolean(err(formState.errors.to))}>
                  <label htmlFor="feedback-filter-to">{f('fields.to')}</label>
                  <input id="feedback-filter-to" type="date" data-testid="feedback-filter-to" {...register('to')} />
                  <FieldError testId="feedback-filter-to" error={err(formState.errors.to)} />
                </Form.Field>
                <Form.Field>
                  <label htmlFor="feedback-filter-q">{f('fields.q')}</label>
                  <input id="feedback-filter-q" data-testid="feedback-filter-q" {...register('q')} />
                </Form.Field>
              </Form.Group>
              <Button type="submit" primary size="small" icon="search" content={f('actions.search')} data-testid="feedback-search" />
            </Form>
            {list.isPending ? <PageLoader /> : list.isError ? <Message negative content={errorMessage(list.error)} /> : null}
            {list.data ? <FeedbackTable rows={list.data.list} onOpen={setOpenId} withSubmitter /> : null}
            {list.data ? <Pager current={current} size={size} total={list.data.total} onPage={setCurrent} onSize={setSize} /> : null}
          </>
        )}
      </Segment>
    </div>
  );
}
