import { createStore } from './store.js';

export type ToastKind = 'success' | 'warning' | 'error' | 'info';
export interface ToastItem {
  id: number;
  kind: ToastKind;
  text: string;
}

export const toastStore = createStore<ToastItem[]>([]);
let nextId = 1;
const DEFAULT_MS = 3000;

function push(kind: ToastKind, text: string, ms = DEFAULT_MS): void {
  const id = nextId++;
  toastStore.set((list) => [...list, { id, kind, text }]);
  window.setTimeout(() => dismissToast(id), ms);
}

export function dismissToast(id: number): void {
  toastStore.set((list) => list.filter((t) => t.id !== id));
}

/** Short-lived notices at the top of the page (the spec's "message" toasts). */
export const toast = {
  success: (text: string, ms?: number) => push('success', text, ms),
  warning: (text: string, ms?: number) => push('warning', text, ms),
  error: (text: string, ms?: number) => push('error', text, ms),
  info: (text: string, ms?: number) => push('info', text, ms),
};
