import { Controller, type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { Button, Form, Segment } from 'semantic-ui-react';
import { type Card, cardSchema, CHART_SOURCES, CHART_TYPES, PAGE_LIMITS, POST_KINDS } from '@schoolflow/contracts';
import type { FileRef, UploadRules } from '../api/file-api.js';
import { FieldError } from '../components/form-field.js';
import { PictureUpload } from '../components/picture-upload.js';
import { fieldMessage } from '../util/form-errors.js';
import { usePagesT } from './use-pages-t.js';

const PICTURE: UploadRules = { maxSizeKb: 2048, types: ['.jpg', '.jpeg', '.png', '.gif', '.webp'], limit: 1 };

/** What the inputs hold: the links as lines `label|address`, the picture as the upload field shows it. */
interface Draft {
  title: string;
  html: string;
  alt: string;
  picture: FileRef[];
  links: string;
  postKind: string;
  size: number;
  source: string;
  chartType: string;
}
type Field = keyof Draft;

function draftOf(card: Card): Draft {
  return {
    title: card.title,
    html: card.kind === 'text' ? card.html : '',
    alt: card.kind === 'picture' ? card.alt : '',
    picture: card.kind === 'picture' && card.resId ? [{ resId: card.resId, resName: card.alt || 'picture', resSuffix: '' }] : [],
    links: card.kind === 'links' ? card.items.map((l) => `${l.label}|${l.url}`).join('\n') : '',
    postKind: card.kind === 'posts' ? card.postKind : 'notice',
    size: card.kind === 'posts' ? card.size : 5,
    source: card.kind === 'chart' ? card.source : 'leave-week',
    chartType: card.kind === 'chart' ? card.chartType : 'bar',
  };
}

/** The card with the draft's settings, as the contract's schema reads it (its position and size kept). */
function cardOf(card: Card, d: Draft): unknown {
  const base = { i: card.i, x: card.x, y: card.y, w: card.w, h: card.h, title: d.title, kind: card.kind };
  switch (card.kind) {
    case 'text':
      return { ...base, html: d.html };
    case 'picture':
      return { ...base, resId: d.picture[0]?.resId ?? null, alt: d.alt };
    case 'links':
      return {
        ...base,
        items: d.links
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean)
          .map((line) => {
            const cut = line.lastIndexOf('|');
            return cut < 0 ? { label: line, url: '' } : { label: line.slice(0, cut), url: line.slice(cut + 1) };
          }),
      };
    case 'posts':
      return { ...base, postKind: d.postKind, size: Number(d.size) };
    case 'chart':
      return { ...base, source: d.source, chartType: d.chartType };
    case 'calendar':
      return base;
  }
}

/** The schema's paths onto the inputs they are about. */
const FIELD_OF: Record<string, Field> = { title: 'title', html: 'html', alt: 'alt', resId: 'picture', items: 'links', postKind: 'postKind', size: 'size', source: 'source', chartType: 'chartType' };

/**
 * 卡片设置: the selected card's settings by its kind — checked by the contract's card schema (the server checks the
 * whole layout again when it is saved).
 */
export function CardSettingsForm({ card, onApply, onRemove }: { card: Card; onApply: (card: Card) => void; onRemove: () => void }) {
  const { pg } = usePagesT();
  const resolver: Resolver<Draft, unknown, Card> = (values) => {
    const parsed = cardSchema.safeParse(cardOf(card, values));
    if (parsed.success) return { values: parsed.data, errors: {} };
    const errors: FieldErrors<Draft> = {};
    for (const issue of parsed.error.issues) {
      const field = FIELD_OF[String(issue.path[0])] ?? 'title';
      errors[field] ??= { type: 'validate', message: issue.message };
    }
    return { values: {}, errors };
  };
  const { register, control, handleSubmit, formState } = useForm<Draft, unknown, Card>({ defaultValues: draftOf(card), resolver });
  const err = (field: Field) => fieldMessage(formState.errors[field]);
  const field = (name: Field, label: string, control: React.ReactNode) => (
    <Form.Field error={Boolean(err(name))}>
      <label htmlFor={`cp-set-${name}`}>{label}</label>
      {control}
      <FieldError testId={`cp-set-${name}`} error={err(name)} />
    </Form.Field>
  );
  return (
    <Segment className="sf-cp-settings" data-testid="cp-settings" data-card={card.i}>
      <h4>
        {pg('editor.settings')} · {pg(`kinds.${card.kind}`)}
      </h4>
      <Form onSubmit={() => void handleSubmit(onApply)()}>
        {field('title', pg('fields.title'), <input id="cp-set-title" data-testid="cp-set-title" maxLength={PAGE_LIMITS.titleMax + 10} {...register('title')} />)}
        {card.kind === 'text' ? field('html', pg('fields.html'), <textarea id="cp-set-html" rows={6} data-testid="cp-set-html" {...register('html')} />) : null}
        {card.kind === 'picture' ? (
          <>
            {field('picture', pg('fields.picture'), <Controller control={control} name="picture" render={({ field: f }) => <PictureUpload value={f.value} onChange={f.onChange} rules={PICTURE} testId="cp-set-picture" />} />)}
            {field('alt', pg('fields.alt'), <input id="cp-set-alt" data-testid="cp-set-alt" {...register('alt')} />)}
          </>
        ) : null}
        {card.kind === 'links' ? field('links', pg('fields.links'), <textarea id="cp-set-links" rows={5} data-testid="cp-set-links" placeholder={pg('fields.linksPlaceholder')} {...register('links')} />) : null}
        {card.kind === 'posts' ? (
          <>
            {field(
              'postKind',
              pg('fields.postKind'),
              <select id="cp-set-postKind" className="ui dropdown" data-testid="cp-set-postKind" {...register('postKind')}>
                {POST_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {pg(`postKinds.${k}`)}
                  </option>
                ))}
              </select>,
            )}
            {field('size', pg('fields.size'), <input id="cp-set-size" type="number" min={1} max={PAGE_LIMITS.postsMax} data-testid="cp-set-size" {...register('size', { valueAsNumber: true })} />)}
          </>
        ) : null}
        {card.kind === 'chart' ? (
          <>
            {field(
              'source',
              pg('fields.source'),
              <select id="cp-set-source" className="ui dropdown" data-testid="cp-set-source" {...register('source')}>
                {CHART_SOURCES.map((s) => (
                  <option key={s} value={s}>
                    {pg(`sources.${s}`)}
                  </option>
                ))}
              </select>,
            )}
            {field(
              'chartType',
              pg('fields.chartType'),
              <select id="cp-set-chartType" className="ui dropdown" data-testid="cp-set-chartType" {...register('chartType')}>
                {CHART_TYPES.map((s) => (
                  <option key={s} value={s}>
                    {pg(`chartTypes.${s}`)}
                  </option>
                ))}
              </select>,
            )}
          </>
        ) : null}
        <Button type="submit" primary size="small" content={pg('editor.apply')} data-testid="cp-set-apply" />
        <Button type="button" size="small" negative basic content={pg('editor.remove')} onClick={onRemove} data-testid="cp-set-remove" />
      </Form>
    </Segment>
  );
}
