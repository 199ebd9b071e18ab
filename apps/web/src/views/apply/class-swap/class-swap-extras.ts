import { translate } from '../../../i18n/use-t.js';
import { type FlowExtras, localized } from '../../../workflow/flow-extras.js';

const text = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/** 调课 in the kit's lists: its class, and where the lesson goes from and to. */
export const classSwapExtras: FlowExtras = {
  subject: (form, lang) => ({
    className: localized(form.classId, lang),
    kind: translate('flow.class-swap.summary', { fromDate: text(form.fromDate), fromPeriod: text(form.fromPeriod), toDate: text(form.toDate), toPeriod: text(form.toPeriod) }),
  }),
};
