// The run's test order: Jest's own, which starts the files that took longest last time first, so that none of them
// starts late and runs alone at the end while the other workers wait. Jest keeps those times in its cache directory;
// a fresh clone (CI) has none, and Jest then orders by file size, which once put a 20 s browser file last and alone.
// For a file Jest has no time of, this takes the time a full run recorded (e2e-file-costs.json, written by
// scripts/e2e-file-costs.js); a file it has no time of either goes first, as in Jest's own order.
// Plain JavaScript: Jest imports its sequencer untransformed. docs/adr/0079-dearest-files-first-on-a-fresh-clone.md
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import TestSequencer from '@jest/test-sequencer';

const recorded = JSON.parse(readFileSync(new URL('./e2e-file-costs.json', import.meta.url), 'utf8')).seconds;

export default class FileOrderSequencer extends TestSequencer {
  /** Jest's time of a file (ms) from its cache, else the recorded one, else none. */
  time(test) {
    const own = super.time(test);
    if (own != null) return own;
    const seconds = recorded[relative(test.context.config.rootDir, test.path)];
    return seconds == null ? undefined : seconds * 1000;
  }
}
