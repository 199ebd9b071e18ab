import { Link } from 'react-router-dom';
import { Icon } from 'semantic-ui-react';
import type { FlowExtras } from '../workflow/flow-extras.types.js';
import { localized } from '../workflow/localized.js';
import { sheetPage } from './grades-client.js';
import { gradesText } from './use-grades-t.js';

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/**
 * 成绩确认 on the flow kit's pages: its detail page names the sheet (batch, class, course) and opens it; a row of the
 * review queue names its class and course in the reader's language (the form keeps them as `{zh, en}`).
 */
export const gradeConfirmationExtras: FlowExtras = {
  Detail: function GradeSheetSection({ view, lang }) {
    const form = view.form;
    const target = { batchId: str(form.batchId), classId: str(form.classId), courseId: str(form.courseId) };
    return (
      <>
        <div>
          <dt>{gradesText('sheet.batch')}</dt>
          <dd data-testid="grade-confirmation-batch-value">{str(form.batchName)}</dd>
        </div>
        <div>
          <dt>{gradesText('sheet.className')}</dt>
          <dd data-testid="grade-confirmation-class-value">{localized(form.className, lang) ?? ''}</dd>
        </div>
        <div>
          <dt>{gradesText('sheet.course')}</dt>
          <dd data-testid="grade-confirmation-course-value">{localized(form.courseName, lang) ?? ''}</dd>
        </div>
        {target.batchId && target.classId && target.courseId ? (
          <div>
            <dt>{gradesText('sheet.title')}</dt>
            <dd>
              <Link to={sheetPage(target)} data-testid="grade-confirmation-open-sheet">
                <Icon name="table" /> {gradesText('sheet.open')}
              </Link>
            </dd>
          </div>
        ) : null}
      </>
    );
  },
  subject: (form, lang) => {
    const course = localized(form.courseName, lang);
    const batch = str(form.batchName);
    return { className: localized(form.className, lang), kind: [course, batch].filter(Boolean).join(' · ') || undefined };
  },
};
