import { describe, expect, it } from '@jest/globals';
import { passwordFormSchema, validatePasswordField, type PasswordValues } from './password-rules.js';

const strategy = { rule: '^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d)(?=.*[^A-Za-z0-9]).{8,50}$', description: 'strong please' };
const v = (over: Partial<PasswordValues>): PasswordValues => ({ oldPassword: 'old', pass: 'Passw0rd!', checkPass: 'Passw0rd!', ...over });

describe('validatePasswordField (docs/product/shell-and-sign-in.md#password-change)', () => {
  it('requires every field, trimmed', () => {
    expect(validatePasswordField('oldPassword', v({ oldPassword: '   ' }), strategy)).toBe('validation.oldPasswordRequired');
    expect(validatePasswordField('pass', v({ pass: ' ' }), strategy)).toBe('validation.newPasswordRequired');
    expect(validatePasswordField('checkPass', v({ checkPass: '' }), strategy)).toBe('validation.confirmPasswordRequired');
  });
  it('uses the server description when the strategy pattern fails', () => {
    expect(validatePasswordField('pass', v({ pass: 'weak' }), strategy)).toBe('strong please');
    expect(validatePasswordField('pass', v({ pass: ' Passw0rd! ' }), strategy)).toBeUndefined();
    expect(validatePasswordField('pass', v({ pass: 'weak' }), null)).toBeUndefined();
  });
  it('limits length to 50 and compares the confirmation with the new password', () => {
    const long = `Aa1!${'x'.repeat(47)}`;
    expect(validatePasswordField('pass', v({ pass: long }), strategy)).toBe('validation.passwordTooLong');
    expect(validatePasswordField('checkPass', v({ checkPass: long }), strategy)).toBe('validation.passwordTooLong');
    expect(validatePasswordField('checkPass', v({ checkPass: 'Passw0rd?' }), strategy)).toBe('validation.passwordMismatch');
    expect(validatePasswordField('checkPass', v({ checkPass: 'Passw0rd! ' }), strategy)).toBeUndefined();
  });
});

describe('passwordFormSchema (the change form\'s resolver)', () => {
  it('marks each field with its own rule, in the form\'s order', () => {
    const parsed = passwordFormSchema(strategy).safeParse(v({ oldPassword: '', pass: 'weak', checkPass: 'other' }));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['oldPassword', 'validation.oldPasswordRequired'],
      ['pass', 'strong please'],
      ['checkPass', 'validation.passwordMismatch'],
    ]);
  });
  it('answers the values trimmed, checked with the strategy it was made with', () => {
    expect(passwordFormSchema(strategy).parse(v({ oldPassword: ' old ', pass: ' Passw0rd! ' }))).toEqual({ oldPassword: 'old', pass: 'Passw0rd!', checkPass: 'Passw0rd!' });
    expect(passwordFormSchema(null).safeParse(v({ pass: 'weak', checkPass: 'weak' })).success).toBe(true);
    expect(passwordFormSchema(strategy).safeParse(v({ pass: 'weak', checkPass: 'weak' })).success).toBe(false);
  });
});
