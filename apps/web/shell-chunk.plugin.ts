import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * What every session loads: the signed-in frame, and the dashboard it lands on after signing in (with the flow kit its
 * backlog reads, which most of the shell's pages use too).
 */
const SHELL_ROOTS = ['./src/layout/shell.tsx', './src/views/dashboard/index.tsx'].map((p) => fileURLToPath(new URL(p, import.meta.url)));

/**
 * What only a session loads, in one chunk instead of some 100 small ones (docs/adr/0084-the-shell-in-few-chunks.md).
 *
 * Left to itself the bundler cuts a chunk wherever two lazy pages share code, and opening the dashboard fetched 186
 * files of the build: each one a request, a module record and a compile in the browser. Once the module graph is known,
 * the plugin works out which modules are the shell's:
 *
 * - **the roots' own**: everything they import statically, directly or not;
 * - **minus the public ones**: everything a signed-out page can reach from the entry, by static or lazy imports,
 *   without passing through a root. Those stay where the bundler puts them, so the sign-in page loads nothing more
 *   (docs/adr/0033-sign-in-page-weight.md).
 *
 * The group takes these modules and not their dependencies (`includeDependenciesRecursively: false`; with them, React
 * and the rest of the entry came into the chunk and onto the sign-in page), and that is safe because of how the set is
 * made: a public module's static imports are public too, so no public chunk imports the shell chunk, and the chunks
 * cannot import each other in a loop. It holds only while no public module imports a root statically, which the build
 * checks: such an import would put the whole shell on that page.
 */
export function shellChunk(): Plugin {
  let shell = new Set<string>();
  return {
    name: 'schoolflow:shell-chunk',
    apply: 'build',
    // the bundler asks the group's test while it writes the chunks, after the graph is built (buildEnd)
    config: () => ({
      build: { rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'shell', test: (id: string) => shell.has(id), includeDependenciesRecursively: false }] } } } },
    }),
    buildEnd(error) {
      if (error) return;
      const ids = [...this.getModuleIds()];
      const info = (id: string) => this.getModuleInfo(id);
      // a root renamed or moved would leave the group empty and the shell in pieces again, silently
      const missing = SHELL_ROOTS.filter((root) => !ids.includes(root));
      if (missing.length > 0) this.error(`shell-chunk: the shell's roots are not in the build: ${missing.join(', ')}`);
      const reach = (from: readonly string[], follow: (id: string) => readonly string[], stopAt: ReadonlySet<string>): Set<string> => {
        const seen = new Set<string>();
        const stack = [...from];
        for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
          if (seen.has(id) || stopAt.has(id)) continue;
          seen.add(id);
          stack.push(...follow(id));
        }
        return seen;
      };
      const publicModules = reach(
        ids.filter((id) => info(id)?.isEntry === true),
        (id) => [...(info(id)?.importedIds ?? []), ...(info(id)?.dynamicallyImportedIds ?? [])],
        new Set(SHELL_ROOTS),
      );
      const publicImporters = SHELL_ROOTS.flatMap((root) => (info(root)?.importers ?? []).filter((i) => publicModules.has(i)).map((i) => `${i} → ${root}`));
      if (publicImporters.length > 0) this.error(`shell-chunk: a page reachable signed out imports the shell statically, which would load all of it there: ${publicImporters.join('; ')}`);
      // a public module's static imports are public too, so stopping at the first one leaves out all of them
      shell = reach(SHELL_ROOTS, (m) => info(m)?.importedIds ?? [], publicModules);
    },
  };
}
