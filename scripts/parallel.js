// Runs npm scripts side by side and fails when any of them failed, printing each one's output as it ends: `npm test`'s
// steps that need no server — the one tsc pass that type-checks and builds, the web build, lint — each take a core
// instead of waiting for the others (docs/adr/0030, docs/adr/0047).
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
const runs = names.map(
  (name) =>
    new Promise((resolve) => {
      const started = Date.now();
      const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      child.on('exit', (code, signal) => {
        process.stdout.write(`\n> ${name}: ${code === 0 ? 'passed' : `failed (${signal ?? code})`} in ${((Date.now() - started) / 1000).toFixed(1)} s\n${out}`);
        resolve(code === 0);
      });
    }),
);
process.exit((await Promise.all(runs)).every(Boolean) ? 0 : 1);
