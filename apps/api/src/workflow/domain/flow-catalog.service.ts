import { Inject, Injectable } from '@nestjs/common';
import { FLOW_PLUGINS, type FlowPlugin } from './flow-plugin.js';
import { WorkflowErrors } from '../workflow.errors.js';

/** The registered flows' plugins, by flow name: what every part of the engine looks a flow up in. */
@Injectable()
export class FlowCatalog {
  private readonly plugins: Map<string, FlowPlugin>;

  constructor(@Inject(FLOW_PLUGINS) plugins: FlowPlugin[]) {
    this.plugins = new Map(plugins.map((p) => [p.definition.flow, p]));
  }

  /** Every flow's plugin. */
  flows(): FlowPlugin[] {
    return [...this.plugins.values()];
  }

  hasFlow(flow: string): boolean {
    return this.plugins.has(flow);
  }

  /** The flow's plugin; a flow not registered answers 404. */
  plugin(flow: string): FlowPlugin {
    const p = this.plugins.get(flow);
    if (!p) throw WorkflowErrors.notFound();
    return p;
  }
}
