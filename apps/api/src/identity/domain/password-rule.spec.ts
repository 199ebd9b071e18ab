import { describe, expect, it } from '@jest/globals';
import { DEFAULT_PWD_RULE } from '../../config/app-config.js';
import { meetsPasswordRule } from './password-rule.js';

describe('meetsPasswordRule', () => {
  it('applies the configured rule', () => {
    expect(meetsPasswordRule(DEFAULT_PWD_RULE, 'Neu-Pass9x!')).toBe(true);
    expect(meetsPasswordRule(DEFAULT_PWD_RULE, 'short')).toBe(false);
    expect(meetsPasswordRule('^\\d{6}$', '123456')).toBe(true);
  });

  it('falls back to the default rule when the configured pattern is broken, never letting everything through', () => {
    expect(meetsPasswordRule('(unclosed', 'anything')).toBe(false);
    expect(meetsPasswordRule('(unclosed', 'Neu-Pass9x!')).toBe(true);
  });
});
