import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// ESLint runs only what no other linter has: the React hooks plugin's recommended set on the web app — the rules of
// hooks, complete effect dependencies and the React Compiler's checks (state derived rather than synced in effects,
// refs read outside render, pure renders, …). Every other rule (the recommended sets, `no-explicit-any`, unused
// variables, and the two that need types) runs in oxlint, `.oxlintrc.json`, which costs a tenth of ESLint for the same
// rules (docs/adr/0081, docs/adr/0085). Every rule is an error: a finding is fixed, or disabled on its line with the
// reason it is a false positive.
export default tseslint.config({
  files: ['apps/web/src/**/*.ts', 'apps/web/src/**/*.tsx'],
  languageOptions: { parser: tseslint.parser },
  linterOptions: { reportUnusedDisableDirectives: 'error' },
  plugins: { 'react-hooks': reactHooks },
  rules: Object.fromEntries(Object.keys(reactHooks.configs.flat.recommended.rules).map((rule) => [rule, 'error'])),
});
