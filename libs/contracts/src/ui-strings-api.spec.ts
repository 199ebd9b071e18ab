import { describe, expect, it } from '@jest/globals';
import { resources } from './locales/index.js';
import { flattenStrings, nestStrings } from './ui-strings-bundle.js';
import { droppedPlaceholders, placeholdersOf, UI_STRING_NAMESPACES, uiStringOverrideSchema } from './ui-strings-api.js';

describe('interface string overrides', () => {
  it('names every namespace of the bundles, in both languages', () => {
    expect([...UI_STRING_NAMESPACES].sort()).toEqual(Object.keys(resources.zh).sort());
    expect([...UI_STRING_NAMESPACES].sort()).toEqual(Object.keys(resources.en).sort());
  });

  it('finds placeholders and nestings, each once', () => {
    expect(placeholdersOf('{{a}} 与 {{ b }}，又是 {{a}}')).toEqual(['a', 'b']);
    expect(placeholdersOf('见 $t(web:common.confirm)')).toEqual(['$t(web:common.confirm)']);
    expect(placeholdersOf('没有')).toEqual([]);
  });

  it('an override must keep the shipped placeholders, in any order; more are allowed', () => {
    expect(droppedPlaceholders('共 {{count}} 条，第 {{page}} 页', '第 {{page}} 页（共 {{count}} 条）')).toEqual([]);
    expect(droppedPlaceholders('共 {{count}} 条', '很多条')).toEqual(['count']);
    expect(droppedPlaceholders('固定文字', '固定 {{x}}')).toEqual([]);
  });

  it('flattens to dotted keys and nests back; unsafe parts are left out', () => {
    const tree = { a: { b: 'x', c: { d: 'y' } }, e: 'z', n: 3 };
    const flat = flattenStrings(tree);
    expect(flat).toEqual({ 'a.b': 'x', 'a.c.d': 'y', e: 'z' });
    expect(nestStrings(flat)).toEqual({ a: { b: 'x', c: { d: 'y' } }, e: 'z' });
    expect(nestStrings({ '__proto__.polluted': 'yes', 'a.constructor': 'no' })).toEqual({});
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('every shipped key of every namespace is a key the schema takes', () => {
    for (const ns of UI_STRING_NAMESPACES) {
      for (const key of Object.keys(flattenStrings((resources.zh as Record<string, unknown>)[ns]))) {
        expect([ns, key, uiStringOverrideSchema.safeParse({ lang: 'zh', namespace: ns, key, value: 'x' }).success]).toEqual([ns, key, true]);
      }
    }
  });
});
