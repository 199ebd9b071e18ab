import { createStore } from '../util/store.js';

/** The pending question, apart from its dialog: the app shows the dialog's code only once a question is asked. */
interface Pending {
  message: string;
  resolve: (ok: boolean) => void;
}

export const confirmStore = createStore<Pending | null>(null);

/**
 * Asks before something that cannot be undone (docs/product/shell-and-sign-in.md#file-upload: title 提示, buttons 确认 and 取消).
 * Resolves true on confirm, false on cancel or close. One question at a time: a new one cancels the old.
 */
export function confirmAction(message: string): Promise<boolean> {
  return new Promise((resolve) => {
    confirmStore.get()?.resolve(false);
    confirmStore.set({ message, resolve });
  });
}

export function answer(ok: boolean): void {
  const pending = confirmStore.get();
  confirmStore.set(null);
  pending?.resolve(ok);
}

