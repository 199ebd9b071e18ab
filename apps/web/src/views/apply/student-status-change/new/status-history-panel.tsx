import type { StatusHistory } from '@schoolflow/workflows/student-status-change/student-status-change.views.js';
import { Link } from 'react-router-dom';
import { Icon, Label, Segment } from 'semantic-ui-react';
import { useT } from '../../../../i18n/use-t.js';
import type { Draft } from '../../../../workflow/flow-form.js';
import { optionLabel } from '../../../../workflow/declared-fields.js';
import { detailPath } from '../../../../workflow/labels.js';
import { useFlowView } from '../../../../workflow/use-flow-view.js';

const FLOW = 'student-status-change';

/** The chosen student's status now and every change a passed request made, so the office sees what it changes. */
export function StatusHistoryPanel({ values }: { values: Draft }) {
  const { t, lang } = useT();
  const studentId = typeof values.studentId === 'string' ? values.studentId : '';
  const history = useFlowView<StatusHistory>(FLOW, 'history', studentId ? { studentId } : null);

  const status = (s: string) => t(`flow.student-status-change.history.status.${s as 'enrolled'}`);
  return (
    <Segment className="sf-card sf-status-history" data-testid="status-history">
      <h3 className="sf-card-title">
        <Icon name="history" /> {t('flow.student-status-change.history.title')}
      </h3>
      {!studentId ? (
        <p className="sf-hint">{t('flow.student-status-change.history.choose')}</p>
      ) : !history ? null : (
        <>
          <p data-testid="status-history-now">
            {t('flow.student-status-change.history.now', { name: history.student.name, no: history.student.studentNo, className: history.student.className })}{' '}
            <Label size="small" color={history.student.status === 'enrolled' ? 'green' : 'orange'} basic>
              {status(history.student.status)}
            </Label>
          </p>
          {history.changes.length === 0 ? (
            <p className="sf-hint" data-testid="status-history-empty">
              {t('flow.student-status-change.history.empty')}
            </p>
          ) : (
            <ul className="sf-aside-list">
              {history.changes.map((c) => (
                <li key={c.instanceId} data-testid="status-history-change">
                  <span className="sf-aside-time">{c.effectiveDate}</span>
                  <strong>{optionLabel(FLOW, 'kind', c.kind, lang)}</strong>
                  <span className="sf-aside-main">
                    {t('flow.student-status-change.history.move', { from: status(c.fromStatus), to: status(c.toStatus) })}
                    {c.fromClass !== c.toClass && c.toClass ? ` · ${t('flow.student-status-change.history.move', { from: c.fromClass ?? '', to: c.toClass })}` : ''}
                  </span>
                  <Link to={detailPath(FLOW, c.instanceId)}>{t('flow.student-status-change.history.request')}</Link>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Segment>
  );
}
