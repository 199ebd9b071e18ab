// Writes test/support/e2e-file-costs.json from the last end-to-end run's results (test-results/e2e.json, which
// `npm run test:e2e` writes): each file's wall seconds in that run. The run's test sequencer
// (test/support/file-order-sequencer.js) starts the dearest files first when Jest has no timings of its own, as on a
// fresh clone, so no long file starts last and runs alone (docs/adr/0079-dearest-files-first-on-a-fresh-clone.md).
// Run it after a full, green `npm test` when files were added or their cost changed much: `node scripts/e2e-file-costs.js`.
import { readFileSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const run = JSON.parse(readFileSync(resolve(root, 'test-results/e2e.json'), 'utf8'));
if (run.numFailedTestSuites > 0 || run.numTotalTestSuites < 100) throw new Error('e2e-file-costs: take the costs from a full, green run');
const files = Object.fromEntries(
  run.testResults
    .map((t) => [relative(root, t.name), Math.round((t.endTime - t.startTime) / 100) / 10])
    .sort(([a], [b]) => (a < b ? -1 : 1)),
);
// no date of the run in the table: it is true on any day, and the commit that refreshes it says when
const out = { seconds: files };
writeFileSync(resolve(root, 'test/support/e2e-file-costs.json'), JSON.stringify(out, null, 1) + '\n');
process.stdout.write(`e2e-file-costs: ${Object.keys(files).length} files\n`);
