import { Injectable } from '@nestjs/common';
import { type Language, Permission } from '@schoolflow/contracts';
import { applyPermissionOf } from '@schoolflow/workflows';
import { AppException } from '../../infrastructure/http/app-exception.js';
import type { Principal } from '../../infrastructure/http/request-context.js';
import { validate } from '../../infrastructure/http/validate.js';
import { WorkflowStore } from '../ports/workflow-store.port.js';
import { FlowCatalog } from './flow-catalog.service.js';
import type { FlowPlugin } from './flow-plugin.js';
import { WorkflowErrors } from '../workflow.errors.js';

/** The refusal of one who may not start a flow (its own words, or the common ones). */
export function notApplicant(plugin: FlowPlugin): AppException {
  return WorkflowErrors.mayNotApply(plugin.definition.apply.refusal);
}

/** What a flow shows beside its instances from the database: a form field's choices, a flow's named views. */
@Injectable()
export class FlowViews {
  constructor(
    private readonly catalog: FlowCatalog,
    private readonly store: WorkflowStore,
  ) {}

  /** A form field's choices from the database (`FormField.source`), for one who may start the flow. */
  async formOptions(flow: string, field: string, actor: Principal, lang: Language = 'zh'): Promise<{ value: string; label: string }[]> {
    const plugin = this.catalog.plugin(flow);
    if (!actor.permissions.has(applyPermissionOf(flow))) throw notApplicant(plugin);
    const declared = plugin.definition.form.fields.some((f) => f.name === field && f.source);
    return declared && plugin.options ? plugin.options(field, actor, this.store.db, lang) : [];
  }

  /** A flow's view (a room's day, …), for one who may start the flow or view all; its query validated by the view's schema. */
  async view(flow: string, name: string, query: unknown, actor: Principal, lang: Language = 'zh'): Promise<unknown> {
    const plugin = this.catalog.plugin(flow);
    if (!actor.permissions.has(applyPermissionOf(flow)) && !actor.permissions.has(Permission.workflowViewAll)) throw notApplicant(plugin);
    const view = plugin.views && Object.hasOwn(plugin.views, name) ? plugin.views[name] : undefined;
    if (!view) throw WorkflowErrors.notFound();
    return view.read(validate(view.query, query) as never, actor, this.store.db, lang);
  }
}
