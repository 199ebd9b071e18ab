import { FLOWS } from '@schoolflow/workflows';
import type { ServerConfig } from '../../config/app-config.js';
import type { DirectoryCache } from '../../infrastructure/database/directory-cache.js';
import type { FlowPlugin, FlowPluginModule } from './flow-plugin.js';

/**
 * Every registered flow's server plugin, found by convention — `applications/{flow}/{flow}.plugin.js` exporting
 * `createPlugin` — so the registry in `workflows/registry.ts` stays the one list of flows (ADR 0019). A flow
 * without its plugin stops the start with the file it looked for.
 */
export async function loadFlowPlugins(config: ServerConfig, directory: DirectoryCache): Promise<FlowPlugin[]> {
  const out: FlowPlugin[] = [];
  for (const flow of Object.keys(FLOWS)) {
    let mod: Partial<FlowPluginModule>;
    try {
      // written out in the import, not in a variable, so the server's bundle can list the plugins (scripts/bundle-server.js)
      mod = (await import(`../../applications/${flow}/${flow}.plugin.js`)) as Partial<FlowPluginModule>;
    } catch (err) {
      throw new Error(`The flow '${flow}' has no server plugin: apps/api/src/applications/${flow}/${flow}.plugin.ts (${(err as Error).message})`, { cause: err });
    }
    if (typeof mod.createPlugin !== 'function') throw new Error(`apps/api/src/applications/${flow}/${flow}.plugin.ts exports no createPlugin`);
    const plugin = mod.createPlugin({ config, directory });
    if (plugin.definition.flow !== flow) throw new Error(`The plugin of '${flow}' declares the flow '${plugin.definition.flow}'`);
    out.push(plugin);
  }
  return out;
}
