import { translate } from '../../../i18n/use-t.js';
import type { FlowExtras } from '../../../workflow/flow-extras.types.js';
import { localized } from '../../../workflow/localized.js';
import { labelByKey } from '../../../workflow/labels.js';
import { formText } from '../form-text.js';

/** 补课 in the kit's lists: its class, and its course, date and periods (the form keeps names as `{zh, en}`, periods' too). */
export const makeUpClassExtras: FlowExtras = {
  subject: (form, lang) => ({
    className: localized(form.classId, lang),
    kind: translate('flow.make-up-class.summary', {
      course: localized(form.courseId, lang) ?? '',
      date: formText(form.date),
      periods: Array.isArray(form.periods) ? form.periods.map((p) => localized(p, lang) ?? formText(p)).join(labelByKey('common.listSeparator', lang)) : '',
    }),
  }),
};
