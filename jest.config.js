// Jest runs in ESM mode (node --experimental-vm-modules): NestJS 12 ships ESM only,
// and Jest cannot require() an ES module on Node 20. See docs/adr/0002-esm-and-jest.md.
const swc = ['@swc/jest', {
  jsc: {
    parser: { syntax: 'typescript', decorators: true, tsx: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
    target: 'es2022',
  },
  module: { type: 'es6' },
}];
const common = {
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleNameMapper: {
    '^@schoolflow/contracts$': '<rootDir>/libs/contracts/src/index.ts',
    // one language's messages (apps/web/src/i18n/i18n.ts)
    '^@schoolflow/contracts/locales/(.*)\\.js$': '<rootDir>/libs/contracts/src/locales/$1.ts',
    '^@schoolflow/event-store$': '<rootDir>/libs/event-store/src/index.ts',
    '^@schoolflow/workflows$': '<rootDir>/workflows/index.ts',
    // a flow's own module, for its plugin: '@schoolflow/workflows/travel/travel.flow.js'
    '^@schoolflow/workflows/(.*)\\.js$': '<rootDir>/workflows/$1.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testEnvironment: 'node',
  // .data holds the embedded PostgreSQL's files and the A/B bench's checkout of another revision (bench/workflow-ab.sh),
  // whose packages would otherwise be a second `@schoolflow/workflows` in the module map
  modulePathIgnorePatterns: ['<rootDir>/.data/'],
};
export default {
  // the dearest files first, also on a fresh clone (docs/adr/0079-dearest-files-first-on-a-fresh-clone.md)
  testSequencer: '<rootDir>/test/support/file-order-sequencer.js',
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/(apps|libs|workflows)/**/*.spec.ts'] },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
      // docs/adr/0030: one server per worker on a copy of the run's template; a file's leftovers stopped at its end
      testEnvironment: '<rootDir>/test/support/e2e-test-environment.ts',
      setupFiles: ['<rootDir>/test/support/worker-server.ts'],
      globalSetup: '<rootDir>/test/support/e2e-environment.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
  ],
};
