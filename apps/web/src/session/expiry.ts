import { createStore } from '../util/store.js';

/** Whether the single "login expired" modal is up (docs/product/shell-and-sign-in.md#session: only one at a time). */
export const expiryStore = createStore(false);

export function showExpiryModal(): void {
  if (!expiryStore.get()) expiryStore.set(true);
}
