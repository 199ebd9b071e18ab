import { Fragment } from 'react';
import { Icon, type SemanticICONS } from 'semantic-ui-react';
import type { WorkflowInstanceView } from '@schoolflow/contracts';
import { useT } from '../i18n/use-t.js';
import { labelByKey, stateLabel } from './labels.js';
import { FLOWS } from '@schoolflow/workflows';
import { flowNodes, type FlowNode, schoolTime, type StepMark } from './flow-model.js';

function iconOf(node: FlowNode, index: number): { icon: SemanticICONS | null; text: string } {
  switch (node.end) {
    case 'rejected':
      return { icon: 'close', text: '' };
    case 'withdrawn':
      return { icon: 'undo', text: '' };
    case 'expired':
      return { icon: 'clock outline', text: '' };
    case 'cancelled':
      return { icon: 'home', text: '' };
    case null:
      break;
    default:
      return { icon: 'flag checkered', text: '' };
  }
  switch (node.mark) {
    case 'done':
      return { icon: node.rejectedHere ? 'close' : 'check', text: '' };
    case 'skipped':
      return { icon: 'share', text: '' };
    case 'current':
      return { icon: node.state === 'approved' ? 'check' : 'hourglass half', text: '' };
    case 'todo':
      return { icon: null, text: String(index + 1) };
  }
}

function markLabel(mark: StepMark, t: ReturnType<typeof useT>['t']): string {
  switch (mark) {
    case 'done':
      return t('workflow.mark.done');
    case 'current':
      return t('workflow.mark.current');
    case 'todo':
      return t('workflow.mark.todo');
    case 'skipped':
      return t('workflow.mark.skipped');
  }
}

/**
 * The instance drawn from the shared flow's steps: done steps ticked (with who and when), the current one
 * highlighted with its reviewers, skipped steps marked, and the end it reached (rejected, withdrawn, returned).
 */
export function FlowDiagram({ view }: { view: WorkflowInstanceView }) {
  const { t, lang } = useT();
  const def = FLOWS[view.flow];
  const nodes = def ? flowNodes(def, view) : [];
  const reviewers = view.assignees.map((a) => a.name).join(t('common.listSeparator'));
  return (
    <div className="sf-flow" data-testid="flow-diagram" data-state={view.state}>
      {nodes.map((node, i) => {
        const { icon, text } = iconOf(node, i);
        const tone = node.end === 'rejected' ? 'negative' : node.end === 'withdrawn' || node.end === 'expired' ? 'neutral' : node.mark === 'current' && node.state === 'approved' ? 'positive' : '';
        return (
          <Fragment key={node.state}>
            {i > 0 ? <div className={`sf-flow-line ${node.mark === 'todo' ? '' : 'reached'} ${node.end ? 'to-end' : ''}`} aria-hidden /> : null}
            <div className={`sf-flow-step mark-${node.mark} ${tone} ${node.rejectedHere ? 'rejected-here' : ''} ${node.unreached ? 'unreached' : ''}`} data-testid={`flow-step-${node.state}`} data-state={node.mark} title={markLabel(node.mark, t)}>
              <div className="sf-flow-dot">{icon ? <Icon name={icon} fitted /> : text}</div>
              <div className="sf-flow-label">{labelByKey(node.labelKey, lang)}</div>
              {node.mark === 'current' ? (
                <span className="sf-flow-current" data-testid="flow-current" data-state={view.state}>
                  {node.end ? t('workflow.mark.ended') : node.state === 'approved' ? stateLabel(view.state, lang) : markLabel('current', t)}
                </span>
              ) : null}
              {node.mark === 'current' && !node.end && node.state !== 'approved' && reviewers ? <div className="sf-flow-meta">{reviewers}</div> : null}
              {node.by ? (
                <div className="sf-flow-meta">
                  {node.by.actorName}
                  <br />
                  {schoolTime(node.by.at)}
                </div>
              ) : null}
            </div>
          </Fragment>
        );
      })}
    </div>
  );
}
