import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.data/**', 'test-results/**', 'apps/web/dist/**', '**/*.js', '**/*.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // ESLint reads no type information: the two rules that need it (no floating promises, exhaustive switches) run in
  // oxlint on TypeScript's native compiler, `.oxlintrc.json` (docs/adr/0081). Building typescript-eslint's program of
  // the whole project cost lint ~60 of its ~120 CPU seconds.
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: false }],
    },
  },
  // The web app's hooks: the plugin's recommended set — the rules of hooks, complete effect dependencies and the React
  // Compiler's checks (state derived rather than synced in effects, refs read outside render, pure renders, …).
  // Every rule is an error: a finding is fixed, or disabled on its line with the reason it is a false positive.
  {
    files: ['apps/web/src/**/*.ts', 'apps/web/src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: Object.fromEntries(Object.keys(reactHooks.configs.flat.recommended.rules).map((rule) => [rule, 'error'])),
  },
);
