import { describe, expect, it } from '@jest/globals';
import { resources } from '@schoolflow/contracts';
import { applyMessageOverrides, shippedText, translate } from './i18n.js';

// docs/adr/0065-interface-languages.md#server: the translator answers in the overrides, falls back when one is removed
// or names a key no longer shipped, and never changes the shipped bundles.
describe('message overrides of the server translator', () => {
  it('answers in the override (plain and with parameters), then in the shipped words again', () => {
    const shippedForbidden = resources.zh.languages.errors.forbidden;
    expect(translate('zh', 'languages.errors.forbidden')).toBe(shippedForbidden);
    applyMessageOverrides([
      { lang: 'zh', namespace: 'languages', key: 'errors.forbidden', value: '只有管理员可以' },
      { lang: 'zh', namespace: 'languages', key: 'errors.unknownKey', value: '没有 {{key}}（{{namespace}}）' },
      { lang: 'zh', namespace: 'languages', key: 'errors.noSuchKey', value: '不会用到' },
    ]);
    expect(translate('zh', 'languages.errors.forbidden')).toBe('只有管理员可以');
    expect(translate('zh', 'languages.errors.unknownKey', { key: 'a.b', namespace: 'web' })).toBe('没有 a.b（web）');
    expect(translate('en', 'languages.errors.forbidden')).toBe(resources.en.languages.errors.forbidden);
    // the shipped bundles are untouched
    expect(resources.zh.languages.errors.forbidden).toBe(shippedForbidden);
    expect(shippedText('zh', 'languages', 'errors.forbidden')).toBe(shippedForbidden);
    expect(shippedText('zh', 'languages', 'errors.noSuchKey')).toBeUndefined();

    applyMessageOverrides([{ lang: 'zh', namespace: 'languages', key: 'errors.unknownKey', value: '无 {{key}} {{namespace}}' }]);
    expect(translate('zh', 'languages.errors.forbidden')).toBe(shippedForbidden);
    expect(translate('zh', 'languages.errors.unknownKey', { key: 'k', namespace: 'n' })).toBe('无 k n');
    applyMessageOverrides([]);
    expect(translate('zh', 'languages.errors.unknownKey', { key: 'k', namespace: 'n' })).toBe(resources.zh.languages.errors.unknownKey.replace('{{namespace}}', 'n').replace('{{key}}', 'k'));
  });
});
