import { translate } from '../../../i18n/use-t.js';
import type { FlowExtras } from '../../../workflow/flow-extras.types.js';
import { localized } from '../../../workflow/localized.js';
import { formText } from '../form-text.js';

/** 调课 in the kit's lists: its class, and where the lesson goes from and to (the periods kept by name as `{zh, en}`). */
export const classSwapExtras: FlowExtras = {
  subject: (form, lang) => ({
    className: localized(form.classId, lang),
    kind: translate('flow.class-swap.summary', {
      fromDate: formText(form.fromDate),
      fromPeriod: localized(form.fromPeriod, lang) ?? formText(form.fromPeriod),
      toDate: formText(form.toDate),
      toPeriod: localized(form.toPeriod, lang) ?? formText(form.toPeriod),
    }),
  }),
};
