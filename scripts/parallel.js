// Runs npm scripts side by side and fails when any of them failed, printing each one's output as it ends: `npm test`'s
// steps that need no server — the one tsc pass that type-checks and builds, the web build, lint — each take a core
// instead of waiting for the others (docs/adr/0030, docs/adr/0047).
//
// `a+b/c` runs c once a and b have passed (and not at all when one failed), still beside the others: the unit tests
// start when the two builds are done and take the core that lint's last half-minute leaves idle (docs/adr/0047).
import { spawn } from 'node:child_process';

function run(name) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code, signal) => {
      process.stdout.write(`\n> ${name}: ${code === 0 ? 'passed' : `failed (${signal ?? code})`} in ${((Date.now() - started) / 1000).toFixed(1)} s\n${out}`);
      resolve(code === 0);
    });
  });
}

const runs = process.argv.slice(2).map(async (arg) => {
  const [first, then] = arg.split('/');
  const before = await Promise.all(first.split('+').map(run));
  if (!before.every(Boolean)) return false;
  return then ? run(then) : true;
});
process.exit((await Promise.all(runs)).every(Boolean) ? 0 : 1);
