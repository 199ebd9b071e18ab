import { describe, expect, it } from '@jest/globals';
import { ACCOUNT_LOOKUP, displayName, providerValue } from './account-match.js';

describe('providerValue', () => {
  const cas = { subject: 'T2024001', attributes: { uid: ['teacher'], employeeNumber: ['007', '008'], empty: [] as string[] } };
  const oidc = { subject: 'a1b2c3', attributes: { preferred_username: ' teacher ', student_no: 202511001, groups: ['x'], nested: { a: 1 } } };

  it('is the subject (CAS user, OIDC sub) when no attribute is named', () => {
    expect(providerValue(cas, null)).toBe('T2024001');
    expect(providerValue(oidc, null)).toBe('a1b2c3');
  });

  it('is the named attribute or claim, trimmed; a repeated one by its first value; a number as text', () => {
    expect(providerValue(cas, 'uid')).toBe('teacher');
    expect(providerValue(cas, 'employeeNumber')).toBe('007');
    expect(providerValue(oidc, 'preferred_username')).toBe('teacher');
    expect(providerValue(oidc, 'student_no')).toBe('202511001');
  });

  it('is null when the attribute is missing, empty, not text, too long or holds control characters', () => {
    expect(providerValue(cas, 'mail')).toBeNull();
    expect(providerValue(cas, 'empty')).toBeNull();
    expect(providerValue(oidc, 'nested')).toBeNull();
    expect(providerValue({ subject: 'x'.repeat(101), attributes: {} }, null)).toBeNull();
    expect(providerValue({ subject: 'a\u0000b', attributes: {} }, null)).toBeNull();
    expect(providerValue({ subject: 'a\nb', attributes: {} }, null)).toBeNull();
    expect(providerValue({ subject: '   ', attributes: {} }, null)).toBeNull();
  });
});

describe('ACCOUNT_LOOKUP', () => {
  it('has one statement per identifier, each taking the value as its only parameter', () => {
    expect(Object.keys(ACCOUNT_LOOKUP).sort()).toEqual(['account', 'student_no', 'work_no']);
    for (const sql of Object.values(ACCOUNT_LOOKUP)) {
      expect(sql).toContain('$1');
      expect(sql).not.toContain('$2');
    }
    expect(ACCOUNT_LOOKUP.student_no).toContain('st.student_no = $1');
    expect(ACCOUNT_LOOKUP.work_no).toContain('JOIN sys_user');
  });
});

describe('displayName', () => {
  it('is the provider name when sent, else the value', () => {
    expect(displayName({ subject: 's', attributes: { name: '陈老师' } }, 'teacher')).toBe('陈老师');
    expect(displayName({ subject: 's', attributes: { cn: ['王老师'] } }, 'teacher')).toBe('王老师');
    expect(displayName({ subject: 's', attributes: {} }, 'teacher')).toBe('teacher');
  });
});
