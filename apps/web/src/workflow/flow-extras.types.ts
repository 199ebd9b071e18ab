import type { Language } from '@schoolflow/contracts';
import type { FieldsSection } from './flow-detail.js';

/**
 * What a flow adds to the kit's pages beyond its declaration (workflows/): a section of its detail page (a link to a
 * page of its own), and how a list row names an instance whose form has no student and no choice of its own. The one
 * place in the browser that names flows; every page asks `extrasOf(flow)` and shows whatever it answers.
 */
export interface FlowExtras {
  /** Shown on the detail page after the declared fields, inside their list (`<div><dt/><dd/></div>` items). */
  Detail?: FieldsSection;
  /** A list row's class and kind, when the instance has no student (and no choice) to name them. */
  subject?: (form: Readonly<Record<string, unknown>>, lang: Language) => { className?: string; kind?: string };
}
