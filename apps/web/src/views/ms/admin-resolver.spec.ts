import { describe, expect, it } from '@jest/globals';
import type { ResolverOptions } from 'react-hook-form';
import { roleTypeSchema, systemConfigSchema } from '@schoolflow/contracts';
import { adminResolver, erroredFields, firstError } from './admin-resolver.js';

interface Draft {
  name: string;
  kind: string;
  remark: string;
}

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<Draft>;
const trimmed = (d: Draft) => ({ ...d, name: d.name.trim() });

describe('adminResolver (an administration form checked with the schema the server validates with)', () => {
  it('answers the parsed input of a valid draft, after the prepare step', async () => {
    const r = await adminResolver(roleTypeSchema, trimmed)({ name: '  Teachers  ', kind: 'ordinary', remark: '' }, undefined, options);
    expect(r.errors).toEqual({});
    expect(r.values).toEqual({ name: 'Teachers', kind: 'ordinary', remark: '' });
  });

  it("keeps the schema's message keys, one per field, for the fields to translate", async () => {
    const r = await adminResolver(roleTypeSchema, trimmed)({ name: '   ', kind: 'other', remark: '' }, undefined, options);
    expect(firstError(r.errors.name)).toBe('validation.nameRequired');
    expect(firstError(r.errors.kind)).toBe('validation.roleKindInvalid');
    expect(r.values).toEqual({});
  });

  it("lets the form's own rules win over the schema's message of a field, and fail a draft the schema accepts", async () => {
    const extra = (d: Draft) => ({ remark: d.remark === 'x' ? 'own rule' : undefined, name: d.name === 'Taken' ? 'name taken' : undefined });
    const own = await adminResolver(roleTypeSchema, trimmed, extra)({ name: 'Teachers', kind: 'ordinary', remark: 'x' }, undefined, options);
    expect(erroredFields(own.errors)).toEqual(['remark']);
    expect(firstError(own.errors.remark)).toBe('own rule');
    expect(own.values).toEqual({});
    const both = await adminResolver(roleTypeSchema, trimmed, extra)({ name: 'Taken', kind: 'other', remark: '' }, undefined, options);
    expect(firstError(both.errors.name)).toBe('name taken');
    expect(firstError(both.errors.kind)).toBe('validation.roleKindInvalid');
  });

  it('nests the messages of nested fields (a title per language)', async () => {
    const config = { loginTitle: { zh: 'x'.repeat(61), en: '' }, loginFooter: { zh: '', en: '' }, title: { zh: '', en: '' }, logoUrl: '', themeDefault: '', pwdRule: '.+', pwdDescription: { zh: '', en: '' }, leaveThresholdDays: '3', reminderDelayMinutes: '' };
    const r = await adminResolver(systemConfigSchema, (d: typeof config) => d)(config, undefined, options as never);
    expect(firstError((r.errors as Record<string, { zh?: unknown }>).loginTitle?.zh)).toBe('validation.tooLong');
    expect(firstError(r.errors.reminderDelayMinutes)).toBe('validation.numberInvalid');
    expect(erroredFields(r.errors).sort()).toEqual(['loginTitle', 'reminderDelayMinutes']);
  });
});

describe('firstError', () => {
  it('reads the first message under nested errors and does not walk a field element', () => {
    expect(firstError({ zh: { type: 'x', message: 'm1' } })).toBe('m1');
    expect(firstError({ type: 'x', ref: { a: { type: 'y', message: 'no' } } })).toBeUndefined();
    expect(firstError([undefined, { type: 'x', message: 'item' }])).toBe('item');
    expect(firstError(undefined)).toBeUndefined();
  });
});
