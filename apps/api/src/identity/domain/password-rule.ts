import { DEFAULT_PWD_RULE } from '../../config/app-config.js';

/**
 * Whether a password meets the school's strategy (a pattern from configuration or the system settings). Shared by the
 * password change and password recovery, so one rule holds whichever way a password is set.
 */
export function meetsPasswordRule(rule: string, password: string): boolean {
  return safeRegex(rule).test(password);
}

/** A strategy comes from configuration; a broken pattern must not let every password through nor crash. */
function safeRegex(source: string): RegExp {
  try {
    return new RegExp(source, 'u');
  } catch {
    return new RegExp(DEFAULT_PWD_RULE, 'u');
  }
}
