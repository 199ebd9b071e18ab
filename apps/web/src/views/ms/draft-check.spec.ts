import { beforeAll, describe, expect, it } from '@jest/globals';
import type { ResolverOptions } from 'react-hook-form';
import { roleTypeSchema } from '@schoolflow/contracts';
import { i18n } from '../../i18n/i18n.js';
import { type DraftCheck, draftResolver, flattenErrors } from './draft-check.js';

interface Draft {
  name: string;
  kind: string;
  remark: string;
}

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<Draft>;
const resolve = (check: DraftCheck<Draft>, draft: Draft) => draftResolver<Draft>({ current: check })(draft, undefined, options);
const trimmed: DraftCheck<Draft> = { schema: roleTypeSchema, prepare: (d) => ({ ...d, name: d.name.trim() }) };

beforeAll(async () => {
  await i18n.changeLanguage('en');
});

describe('draftResolver (a form modal checked with the schema the server validates with)', () => {
  it('answers the parsed input of a valid draft, after the prepare step', async () => {
    const r = await resolve(trimmed, { name: '  Teachers  ', kind: 'ordinary', remark: '' });
    expect(r.errors).toEqual({});
    expect(r.values).toEqual({ name: 'Teachers', kind: 'ordinary', remark: '' });
  });

  it("shows the schema's message keys translated, one per field", async () => {
    const r = await resolve(trimmed, { name: '   ', kind: 'other', remark: '' });
    expect(flattenErrors(r.errors)).toEqual({ name: 'Please enter the name', kind: i18n.t('roleKindInvalid', { ns: 'validation' }) });
    expect(flattenErrors(r.errors).kind).not.toMatch(/^validation\.|^roleKindInvalid$/);
  });

  it("lets the form's own rules win over the schema's message of a field, and fail a draft the schema accepts", async () => {
    const extra = (d: Draft): Record<string, string> => (d.remark === 'x' ? { remark: 'own rule' } : {});
    const r = await resolve({ ...trimmed, extra }, { name: 'Teachers', kind: 'ordinary', remark: 'x' });
    expect(flattenErrors(r.errors)).toEqual({ remark: 'own rule' });
    expect(r.values).toEqual({});
  });
});

describe('flattenErrors', () => {
  it('reads nested errors by dotted path and does not walk a field element', () => {
    expect(flattenErrors({ loginTitle: { zh: { type: 'x', message: 'm1' } }, name: { type: 'x', message: 'm2', ref: { a: { type: 'y', message: 'no' } } } })).toEqual({ 'loginTitle.zh': 'm1', name: 'm2' });
  });
});
