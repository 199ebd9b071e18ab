import { ApiPath, type AppConfig } from '@schoolflow/contracts';
import { request } from '../api/http.js';
import { appConfigStore, mergeAppConfig } from './app-config.js';

/**
 * Reads the application configuration (titles come back in the request language, so this runs again after a
 * language switch). A failure keeps the defaults: the sign-in page must still appear.
 */
export async function loadAppConfig(): Promise<AppConfig> {
  try {
    const env = await request<unknown>(ApiPath.appConfig, { silentExpiry: true });
    const config = mergeAppConfig(env.data);
    appConfigStore.set(config);
    return config;
  } catch {
    return appConfigStore.get(); // network errors already toasted by the client
  }
}
