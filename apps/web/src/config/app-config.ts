import { z } from 'zod';
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

/** Lenient reading: a missing or mistyped field keeps its default instead of breaking start-up. */
const appConfigSchema = z
  .object({
    BASE_API: z.string().min(1),
    LOGIN_TITLE: z.string(),
    LOGIN_FOOTER: z.string(),
    TITLE: z.string(),
    LOGIN_TYPE: z.enum(['PASSWORD', 'IDS']),
    LOGO_URL: z.string(),
    THEME_DEFAULT: z.string(),
    REQUEST_ENCRYPT: z.boolean(),
    PWD_HASH_PREFIX: z.string(),
    TOKEN_HEADER: z.string().min(1),
    IDS_LOGIN_URL: z.string(),
  })
  .partial();

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
  for (const [key, schema] of Object.entries(appConfigSchema.shape)) {
    const parsed = schema.safeParse(source[key]);
    if (parsed.success && parsed.data !== undefined) Object.assign(picked, { [key]: parsed.data });
  }
  const merged = { ...DEFAULT_APP_CONFIG, ...picked };
  return { ...merged, BASE_API: merged.BASE_API.replace(/\/+$/, '') };
}

export const APP_CONFIG_PATH = ApiPath.appConfig;
