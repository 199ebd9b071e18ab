// Prints how fast this machine's one core is today, in the same fixed work every time, so a suite's wall time can be
// read against the machine it ran on: the 2-core VM CI runs on has been measured 2–3× slower on some days than on
// others with the same code (docs/adr/0062-suite-per-file-cost.md). `npm test` prints it first; it takes ~1 s.
//
// The work is what the suite itself spends on: parsing and building JavaScript objects, hashing, regular expressions.
// The figure is the best of three rounds (the least disturbed by whatever else runs), in milliseconds.
import { createHash } from 'node:crypto';

function round() {
  const started = process.hrtime.bigint();
  let text = JSON.stringify(Array.from({ length: 20_000 }, (_, i) => ({ id: i, name: `学生${i}`, tags: ['a', 'b', String(i % 7)] })));
  for (let i = 0; i < 6; i++) text = JSON.stringify(JSON.parse(text));
  const hash = createHash('sha256');
  for (let i = 0; i < 200; i++) hash.update(text.slice(i * 1000, i * 1000 + 50_000));
  let matches = 0;
  for (let i = 0; i < 20; i++) matches += (text.match(/"name":"学生\d+7"/g) ?? []).length;
  if (!hash.digest('hex') || matches === 0) throw new Error('machine-speed: the work did nothing');
  return Number(process.hrtime.bigint() - started) / 1e6;
}

const best = Math.min(round(), round(), round());
process.stdout.write(`machine speed: ${best.toFixed(0)} ms for the fixed work (lower is faster; docs/adr/0062-suite-per-file-cost.md)\n`);
