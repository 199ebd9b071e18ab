import { ApiPath, DEFAULT_BASE_API, DEFAULT_TOKEN_HEADER, type AppConfig } from '@schoolflow/contracts';
import { createStore, useStore } from '../util/store.js';

export const DEFAULT_APP_CONFIG: AppConfig = {
  BASE_API: DEFAULT_BASE_API,
  LOGIN_TITLE: '',
  LOGIN_FOOTER: '',
  TITLE: '',
  LOGIN_TYPE: 'PASSWORD',
  LOGO_URL: '',
  THEME_DEFAULT: '',
  REQUEST_ENCRYPT: false,
  PWD_HASH_PREFIX: '',
  TOKEN_HEADER: DEFAULT_TOKEN_HEADER,
  IDS_LOGIN_URL: '',
};

const isText = (v: unknown): v is string => typeof v === 'string';
const isNonEmptyText = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

/**
 * Lenient reading, field by field: a missing or mistyped field keeps its default instead of breaking start-up.
 * Plain type guards, not a zod schema: this module is on the sign-in page, which carries no zod
 * (docs/adr/0033-sign-in-page-weight.md); the server validates what it serves with the shared schema.
 */
const appConfigFields: { [K in keyof AppConfig]: (value: unknown) => value is AppConfig[K] } = {
  BASE_API: isNonEmptyText,
  LOGIN_TITLE: isText,
  LOGIN_FOOTER: isText,
  TITLE: isText,
  LOGIN_TYPE: (v): v is AppConfig['LOGIN_TYPE'] => v === 'PASSWORD' || v === 'IDS',
  LOGO_URL: isText,
  THEME_DEFAULT: isText,
  REQUEST_ENCRYPT: (v): v is boolean => typeof v === 'boolean',
  PWD_HASH_PREFIX: isText,
  TOKEN_HEADER: isNonEmptyText,
  IDS_LOGIN_URL: isText,
};

export const appConfigStore = createStore<AppConfig>(DEFAULT_APP_CONFIG);

export function getAppConfig(): AppConfig {
  return appConfigStore.get();
}

export function useAppConfig(): AppConfig {
  return useStore(appConfigStore);
}

export function mergeAppConfig(raw: unknown): AppConfig {
  const source = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const picked: Partial<AppConfig> = {};
  for (const [key, accepts] of Object.entries(appConfigFields)) {
    const value = source[key];
    if (accepts(value)) Object.assign(picked, { [key]: value });
  }
  const merged = { ...DEFAULT_APP_CONFIG, ...picked };
  return { ...merged, BASE_API: merged.BASE_API.replace(/\/+$/, '') };
}

export const APP_CONFIG_PATH = ApiPath.appConfig;
