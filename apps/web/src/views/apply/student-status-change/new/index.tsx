import { flowOf } from '@schoolflow/workflows';
import type { ViewProps } from '../../../../router/view-props.js';
import { FlowForm } from '../../../../workflow/flow-form.js';
import { StatusHistoryPanel } from './status-history-panel.js';

/** 学籍异动: the kit's form, with the chosen student's status and its history beside it. */
export default function StatusChangeNewView(_props: ViewProps) {
  const def = flowOf('student-status-change');
  return def ? <FlowForm def={def} Aside={StatusHistoryPanel} /> : null;
}
