import { createStore } from '../util/store.js';

/** Whether the single "login expired" modal is up (platform-shell §4: only one at a time). */
export const expiryStore = createStore(false);

export function showExpiryModal(): void {
  if (!expiryStore.get()) expiryStore.set(true);
}
