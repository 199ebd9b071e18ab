import { Icon, type SemanticCOLORS, type SemanticICONS } from 'semantic-ui-react';
import type { WorkflowHistoryItem } from '@schoolflow/contracts';
import { useT } from '../i18n/use-t.js';
import { EmptyState } from '../components/empty-state.js';
import { eventLabel, labelByKey, stateLabel, targetsLabel } from './labels.js';
import { schoolTime } from './flow-model.js';

const LOOK: Record<string, { icon: SemanticICONS; color: SemanticCOLORS }> = {
  SUBMIT: { icon: 'paper plane outline', color: 'blue' },
  APPROVE: { icon: 'check', color: 'green' },
  REJECT: { icon: 'close', color: 'red' },
  WITHDRAW: { icon: 'undo', color: 'brown' },
  CANCEL_LEAVE: { icon: 'home', color: 'teal' },
  SKIP_STEP: { icon: 'share', color: 'grey' },
  EXPIRE: { icon: 'clock outline', color: 'brown' },
  EFFECT_REFUSED: { icon: 'ban', color: 'orange' },
};

/**
 * The audit trail (docs/architecture.md#audit-trail), oldest first: who did what, when, with what comment, and where it went.
 * `returnedAt` is the recorded return of a cancelled leave (the machine context's), shown on its entry.
 */
export function HistoryTimeline({ history, returnedAt, flow }: { history: readonly WorkflowHistoryItem[]; returnedAt?: string | null; flow?: string }) {
  const { t, lang } = useT();
  if (history.length === 0) return <EmptyState text={t('workflow.historyEmpty')} testId="history-empty" />;
  return (
    <ol className="sf-timeline" data-testid="history">
      {history.map((h) => {
        const look = LOOK[h.type] ?? { icon: 'circle outline', color: 'grey' };
        return (
          <li key={h.version} className={`sf-timeline-item type-${h.type.toLowerCase()}`} data-testid="history-item" data-type={h.type} data-version={h.version}>
            <span className={`sf-timeline-dot ${look.color}`}>
              <Icon name={look.icon} fitted />
            </span>
            <div className="sf-timeline-body">
              <div className="sf-timeline-head">
                <span className="sf-timeline-action" data-testid="history-action">
                  {eventLabel(h.type, lang, flow)}
                </span>
                <span className="sf-timeline-actor" data-testid="history-actor">
                  {h.actorName}
                </span>
                <time className="sf-timeline-time" dateTime={h.at} data-testid="history-time">
                  {schoolTime(h.at)}
                </time>
              </div>
              {h.type === 'SKIP_STEP' && h.reason ? (
                <div className="sf-timeline-reason" data-testid="history-reason">
                  {labelByKey(`workflow.skipReason.${h.reason}`, lang)}
                </div>
              ) : null}
              {h.note ? (
                <div className="sf-timeline-reason" data-testid="history-note">
                  {h.note}
                </div>
              ) : null}
              {h.type === 'CANCEL_LEAVE' && returnedAt ? (
                <div className="sf-timeline-note" data-testid="history-returned-at">
                  {t('workflow.returnedAt', { time: schoolTime(returnedAt) })}
                </div>
              ) : null}
              {h.targets && h.targets.length > 0 ? (
                <div className="sf-timeline-targets" data-testid="history-targets">
                  {targetsLabel(h.type, h.targets.map((p) => p.name).join(t('common.listSeparator')), lang)}
                </div>
              ) : null}
              {h.comment ? (
                <div className="sf-timeline-comment" data-testid="history-comment">
                  {t('workflow.comment', { comment: h.comment })}
                </div>
              ) : null}
              <div className="sf-timeline-after">{t('workflow.after', { state: stateLabel(h.state, lang) })}</div>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
