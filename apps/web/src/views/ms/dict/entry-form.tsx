
import { type Control, useWatch } from 'react-hook-form';
import { Form, Menu } from 'semantic-ui-react';
import { useT } from '../../../i18n/use-t.js';
import { FormText, FormTextArea, FormToggle } from '../admin-form.js';

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
export type Section = 'basic' | 'tags' | 'other';
const SECTION_OF: Record<string, Section> = { source: 'other', useStart: 'other', useEnd: 'other', remark: 'other', published: 'other' };

export function sectionOf(field: string): Section {
  if (/^(tag|note)\d$/.test(field)) return 'tags';
  return SECTION_OF[field] ?? 'basic';
}

/**
 * The entry form's fields in three sections (basic, tags and notes, other); every section stays in the page, only
 * hidden, and a section's tab is marked while one of its fields has a message (`errored`).
 */
export function EntryFields<O>({ control, errored, section, onSection }: { control: Control<EntryDraft, unknown, O>; errored: readonly string[]; section: Section; onSection: (s: Section) => void }) {
  const { t } = useT();
  const [useStart, useEnd] = useWatch({ control, name: ['useStart', 'useEnd'] });
  const bad = (s: Section) => errored.some((k) => sectionOf(k) === s);
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
          <FormText control={control} name="code" label={t('dict.code')} testId="dict-entry-form-code" required maxLength={50} />
          <FormText control={control} name="name" label={t('dict.name')} testId="dict-entry-form-name" required maxLength={40} />
        </Form.Group>
        <Form.Group widths="equal">
          <FormText control={control} name="parentCode" label={t('dict.parentCode')} testId="dict-entry-form-parent-code" maxLength={50} />
          <FormText control={control} name="level" label={t('dict.level')} testId="dict-entry-form-level" type="number" min={0} max={20} />
          <FormText control={control} name="sort" label={t('admin.sort')} testId="dict-entry-form-sort" type="number" min={0} max={9999} />
        </Form.Group>
        <Form.Group widths="equal">
          <FormText control={control} name="subName" label={t('dict.subName')} testId="dict-entry-form-sub-name" maxLength={100} />
          <FormText control={control} name="shortName" label={t('dict.shortName')} testId="dict-entry-form-short-name" maxLength={50} />
        </Form.Group>
        <FormText control={control} name="nameEn" label={t('dict.nameEn')} testId="dict-entry-form-name-en" maxLength={100} />
      </div>
      <div hidden={section !== 'tags'}>
        {TAG_NUMBERS.map((n) => (
          <Form.Group widths="equal" key={n}>
            <FormText control={control} name={`tag${n}`} label={t('dict.tag', { n })} testId={`dict-entry-form-tag${n}`} maxLength={100} />
            <FormText control={control} name={`note${n}`} label={t('dict.note', { n })} testId={`dict-entry-form-note${n}`} maxLength={100} />
          </Form.Group>
        ))}
      </div>
      <div hidden={section !== 'other'}>
        <FormToggle control={control} name="published" label={t('dict.published')} testId="dict-entry-form-published" />
        <FormText control={control} name="source" label={t('dict.source')} testId="dict-entry-form-source" maxLength={100} />
        <Form.Group widths="equal">
          <FormText control={control} name="useStart" label={t('dict.useStart')} testId="dict-entry-form-use-start" type="date" max={useEnd || undefined} />
          <FormText control={control} name="useEnd" label={t('dict.useEnd')} testId="dict-entry-form-use-end" type="date" min={useStart || undefined} />
        </Form.Group>
        <FormTextArea control={control} name="remark" label={t('dict.remark')} testId="dict-entry-form-remark" rows={3} maxLength={300} />
      </div>
    </>
  );
}
