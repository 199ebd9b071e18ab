// Fails on an import cycle among the web app's modules at run time: relative static imports only — `import type` and
// `export type` vanish when compiled, and a dynamic import() loads later (a lazy view), so neither can run in a circle.
// Usage: node scripts/check-import-cycles.js [dir …]   (default apps/web/src; exit 1 and each cycle printed)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const roots = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['apps/web/src'];
const files = [];
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (/\.tsx?$/.test(name) && !/\.(spec|test)\.tsx?$/.test(name) && !name.endsWith('.d.ts')) files.push(resolve(path));
  }
};
roots.forEach(walk);

/** The file a relative specifier names (sources import './x.js' for './x.ts' or './x.tsx'). */
function target(from, spec) {
  const base = resolve(dirname(from), spec.replace(/\.js$/, ''));
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((f) => existsSync(f));
}

// static imports and re-exports that carry values: `import x from`, `import { a } from`, `import './side-effect'`,
// `export { a } from`, `export * from`; not `import type …`/`export type …`
const STATIC = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\bfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm;
const graph = new Map();
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const deps = new Set();
  for (const m of text.matchAll(STATIC)) {
    // an import whose every name is `type x` also vanishes
    if (/^\s*import\s*\{\s*(?:type\s+[\w$]+(?:\s+as\s+[\w$]+)?\s*,?\s*)+\}\s*from/.test(m[0])) continue;
    const t = target(file, m[1]);
    if (t) deps.add(t);
  }
  graph.set(file, deps);
}

const cycles = [];
const state = new Map(); // 1 on the path, 2 done
const path = [];
function visit(f) {
  state.set(f, 1);
  path.push(f);
  for (const d of graph.get(f) ?? []) {
    if (state.get(d) === 1) cycles.push([...path.slice(path.indexOf(d)), d]);
    else if (!state.has(d)) visit(d);
  }
  path.pop();
  state.set(f, 2);
}
for (const f of graph.keys()) if (!state.has(f)) visit(f);

if (cycles.length > 0) {
  for (const c of cycles) console.error(`import cycle: ${c.map((f) => relative(process.cwd(), f)).join(' → ')}`);
  process.exit(1);
}
console.log(`${graph.size} modules, no import cycle at run time`);
