import type { Language } from '@schoolflow/contracts';
import { gradeConfirmationExtras } from '../grades/grade-confirmation-extras.js';
import { semesterUpgradeExtras } from '../semester-upgrade/semester-upgrade-extras.js';
import { classSwapExtras } from '../views/apply/class-swap/class-swap-extras.js';
import { makeUpClassExtras } from '../views/apply/make-up-class/make-up-class-extras.js';
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

const EXTRAS: Readonly<Record<string, FlowExtras>> = {
  'grade-confirmation': gradeConfirmationExtras,
  'semester-upgrade': semesterUpgradeExtras,
  'make-up-class': makeUpClassExtras,
  'class-swap': classSwapExtras,
};

const NONE: FlowExtras = {};

export function extrasOf(flow: string): FlowExtras {
  return (Object.hasOwn(EXTRAS, flow) ? EXTRAS[flow] : undefined) ?? NONE;
}

/** A form value named in both languages (`{zh, en}`, as a flow's form keeps a class's or a course's name) in one of them. */
export function localized(value: unknown, lang: Language): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  const text = v[lang] || v.zh;
  return typeof text === 'string' ? text : undefined;
}
