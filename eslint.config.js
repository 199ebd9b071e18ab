import { readFileSync } from 'node:fs';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import { parser } from 'typescript-eslint';

// ESLint runs only what no other linter has: the React hooks plugin's recommended set on the web app — the rules of
// hooks, complete effect dependencies and the React Compiler's checks (state derived rather than synced in effects,
// refs read outside render, pure renders, …). Every other rule (the recommended sets, `no-explicit-any`, unused
// variables, and the two that need types) runs in oxlint, `.oxlintrc.json`, which costs a tenth of ESLint for the same
// rules (docs/adr/0081, docs/adr/0085). Every rule is an error: a finding is fixed, or disabled on its line with the
// reason it is a false positive.

// `npm run lint` caches ESLint's results, keyed among others by each plugin's `meta.version`. The plugin hard-codes an
// older version there (7.0.0 in 7.1.1), so an upgrade would keep the results of unchanged files: the installed
// package's version is given instead.
const installed = JSON.parse(readFileSync(new URL(import.meta.resolve('eslint-plugin-react-hooks/package.json')), 'utf8')).version;

export default defineConfig({
  files: ['apps/web/src/**/*.ts', 'apps/web/src/**/*.tsx'],
  languageOptions: { parser },
  linterOptions: { reportUnusedDisableDirectives: 'error' },
  plugins: { 'react-hooks': { ...reactHooks, meta: { ...reactHooks.meta, version: installed } } },
  rules: Object.fromEntries(Object.keys(reactHooks.configs.flat.recommended.rules).map((rule) => [rule, 'error'])),
});
