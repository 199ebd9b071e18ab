/** Stops the app and drops the run's database (state left by e2e-environment.ts). */
export default async function globalTeardown(): Promise<void> {
  const state = (globalThis as Record<string, unknown>).__E2E__ as { close: () => Promise<void> } | undefined;
  await state?.close();
}
