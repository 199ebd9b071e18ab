
import { Form, Menu } from 'semantic-ui-react';
import { TextField } from '../../../components/form-field.js';
import { useT } from '../../../i18n/use-t.js';
import { TextAreaField, ToggleField, type FieldErrors } from '../admin-kit.js';

export interface EntryDraft {
  id?: string;
  table: string;
  code: string;
  name: string;
  sort: string;
  parentCode: string;
  level: string;
  subName: string;
  shortName: string;
  nameEn: string;
  tag1: string;
  note1: string;
  tag2: string;
  note2: string;
  tag3: string;
  note3: string;
  tag4: string;
  note4: string;
  tag5: string;
  note5: string;
  published: boolean;
  source: string;
  useStart: string;
  useEnd: string;
  remark: string;
}

export const TAG_NUMBERS = [1, 2, 3, 4, 5] as const;
type Section = 'basic' | 'tags' | 'other';
const SECTION_OF: Record<string, Section> = { source: 'other', useStart: 'other', useEnd: 'other', remark: 'other', published: 'other' };

export function sectionOf(field: string): Section {
  if (/^(tag|note)\d$/.test(field)) return 'tags';
  return SECTION_OF[field] ?? 'basic';
}

/** The entry form in three sections (basic, tags and notes, other); every section stays in the page, only hidden. */
export function EntryForm({ draft, errors, onChange, section, onSection }: { draft: EntryDraft; errors: FieldErrors; onChange: (d: EntryDraft) => void; section: Section; onSection: (s: Section) => void }) {
  const { t } = useT();
  const set = <K extends keyof EntryDraft>(k: K, v: EntryDraft[K]) => onChange({ ...draft, [k]: v });
  const bad = (s: Section) => Object.keys(errors).some((k) => sectionOf(k) === s);
  const tab = (s: Section, label: string) => (
    <Menu.Item active={section === s} onClick={() => onSection(s)} data-testid={`dict-entry-tab-${s}`} className={bad(s) ? 'sf-tab-error' : ''}>
      {label}
    </Menu.Item>
  );
  return (
    <>
      <Menu tabular size="small">
        {tab('basic', t('dict.basic'))}
        {tab('tags', t('dict.tags'))}
        {tab('other', t('dict.other'))}
      </Menu>
      <div hidden={section !== 'basic'}>
        <Form.Group widths="equal">
          <TextField label={t('dict.code')} testId="dict-entry-form-code" required maxLength={50} value={draft.code} error={errors.code} onValue={(v) => set('code', v)} />
          <TextField label={t('dict.name')} testId="dict-entry-form-name" required maxLength={40} value={draft.name} error={errors.name} onValue={(v) => set('name', v)} />
        </Form.Group>
        <Form.Group widths="equal">
          <TextField label={t('dict.parentCode')} testId="dict-entry-form-parent-code" maxLength={50} value={draft.parentCode} error={errors.parentCode} onValue={(v) => set('parentCode', v)} />
          <TextField label={t('dict.level')} testId="dict-entry-form-level" type="number" min={0} max={20} value={draft.level} error={errors.level} onValue={(v) => set('level', v)} />
          <TextField label={t('admin.sort')} testId="dict-entry-form-sort" type="number" min={0} max={9999} value={draft.sort} error={errors.sort} onValue={(v) => set('sort', v)} />
        </Form.Group>
        <Form.Group widths="equal">
          <TextField label={t('dict.subName')} testId="dict-entry-form-sub-name" maxLength={100} value={draft.subName} error={errors.subName} onValue={(v) => set('subName', v)} />
          <TextField label={t('dict.shortName')} testId="dict-entry-form-short-name" maxLength={50} value={draft.shortName} error={errors.shortName} onValue={(v) => set('shortName', v)} />
        </Form.Group>
        <TextField label={t('dict.nameEn')} testId="dict-entry-form-name-en" maxLength={100} value={draft.nameEn} error={errors.nameEn} onValue={(v) => set('nameEn', v)} />
      </div>
      <div hidden={section !== 'tags'}>
        {TAG_NUMBERS.map((n) => (
          <Form.Group widths="equal" key={n}>
            <TextField label={t('dict.tag', { n })} testId={`dict-entry-form-tag${n}`} maxLength={100} value={draft[`tag${n}`]} error={errors[`tag${n}`]} onValue={(v) => set(`tag${n}`, v)} />
            <TextField label={t('dict.note', { n })} testId={`dict-entry-form-note${n}`} maxLength={100} value={draft[`note${n}`]} error={errors[`note${n}`]} onValue={(v) => set(`note${n}`, v)} />
          </Form.Group>
        ))}
      </div>
      <div hidden={section !== 'other'}>
        <ToggleField label={t('dict.published')} testId="dict-entry-form-published" checked={draft.published} onValue={(v) => set('published', v)} />
        <TextField label={t('dict.source')} testId="dict-entry-form-source" maxLength={100} value={draft.source} error={errors.source} onValue={(v) => set('source', v)} />
        <Form.Group widths="equal">
          <TextField label={t('dict.useStart')} testId="dict-entry-form-use-start" type="date" max={draft.useEnd || undefined} value={draft.useStart} error={errors.useStart} onValue={(v) => set('useStart', v)} />
          <TextField label={t('dict.useEnd')} testId="dict-entry-form-use-end" type="date" min={draft.useStart || undefined} value={draft.useEnd} error={errors.useEnd} onValue={(v) => set('useEnd', v)} />
        </Form.Group>
        <TextAreaField label={t('dict.remark')} testId="dict-entry-form-remark" rows={3} maxLength={300} value={draft.remark} error={errors.remark} onValue={(v) => set('remark', v)} />
      </div>
    </>
  );
}
