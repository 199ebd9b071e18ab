// Checks the project's citations of its own documents: every `docs/….md#anchor` named in a tracked file, and every
// relative link inside a Markdown file, must reach a file that exists and a heading that gives that anchor (GitHub's
// rule: lower case, punctuation dropped, spaces to hyphens, a repeated heading numbered -1, -2 …). It also fails on a
// citation of the specification files that used to live outside the repository, which a newcomer cannot open.
// Usage: node scripts/check-doc-links.js   (exit 1 and one line per problem when anything is broken)
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
const tracked = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter((f) => f !== '' && existsSync(join(root, f)) && !/\.(png|jpe?g|gif|ico|ttf|woff2?|pdf|xlsx?|zip|gz)$/i.test(f) && !f.endsWith('package-lock.json'));

/** GitHub's anchor of a heading's text. */
export function slug(text) {
  return text
    .trim()
    .toLowerCase()
    .replace(/<[^>]*>/g, '')
    .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
    .replace(/ /g, '-');
}

const anchorsOf = new Map();
/** The anchors a Markdown file's headings give, outside fenced code. */
function anchors(file) {
  const cached = anchorsOf.get(file);
  if (cached) return cached;
  const seen = new Map();
  const found = new Set();
  let fence = null;
  for (const line of readFileSync(join(root, file), 'utf8').split('\n')) {
    const f = /^\s*(```+|~~~+)/.exec(line);
    if (f) {
      if (fence === null) fence = f[1][0];
      else if (f[1][0] === fence) fence = null;
      continue;
    }
    if (fence !== null) continue;
    const h = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!h) continue;
    const base = slug(h[1].replace(/`/g, ''));
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    found.add(n === 0 ? base : `${base}-${n}`);
  }
  anchorsOf.set(file, found);
  return found;
}

const problems = new Set();
function check(from, lineNo, target, anchor) {
  if (!existsSync(join(root, target))) {
    problems.add(`${from}:${lineNo}: ${target} does not exist`);
    return;
  }
  if (anchor && target.endsWith('.md') && !anchors(target).has(anchor)) {
    problems.add(`${from}:${lineNo}: ${target} has no heading for #${anchor}`);
  }
}

// Spelled in parts so that this file is not itself a citation of them.
const gone = ['DESIGN', 'school-business', 'platform-shell'].map((n) => `${n}.md`);
const stale = new RegExp(`(${gone.map((g) => g.replace('.', '\\.')).join('|')})|\\b(school-business|platform-shell|spec|spec's) §`, 'i');
// `docs/<file>.md#one, #two` and `docs/<file>.md#one and #two` cite two headings of one file.
const citation = /(?<![\w/.-])(docs\/[\w./-]+\.md)(?:#([\p{L}\p{N}_-]+)((?:(?:,\s*|\s+and\s+)#[\p{L}\p{N}_-]+)*))?/gu;
const mdLink = /\]\(([^)\s]+)\)/g;
let citations = 0;

for (const file of tracked) {
  const text = readFileSync(join(root, file), 'utf8');
  if (text.includes('\0')) continue;
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    if (file !== 'scripts/check-doc-links.js' && stale.test(line)) problems.add(`${file}:${i + 1}: cites a document outside the repository`);
    for (const m of line.matchAll(citation)) {
      for (const anchor of [m[2], ...(m[3] ?? '').split('#').slice(1).map((a) => a.replace(/(,\s*|\s+and\s+)$/, ''))]) {
        citations++;
        check(file, i + 1, m[1], anchor);
      }
    }
    if (!file.endsWith('.md')) return;
    for (const m of line.matchAll(mdLink)) {
      const href = m[1];
      if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('/')) continue;
      const [path, anchor] = href.split('#');
      // a path that only looks like a link inside inline code or a URL template is not one
      if (/[{}<>*]/.test(href)) continue;
      citations++;
      const target = path === '' ? file : normalize(relative(root, join(root, dirname(file), path)));
      check(file, i + 1, target.replace(/\/$/, ''), anchor);
    }
  });
}

if (problems.size > 0) {
  console.error([...problems].join('\n'));
  console.error(`${problems.size} broken of ${citations} document citations`);
  process.exit(1);
}
console.log(`${citations} document citations, all reach their file and heading`);
