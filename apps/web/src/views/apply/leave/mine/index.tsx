import { useT } from '../../../../i18n/use-t.js';
import type { ViewProps } from '../../../../router/view-props.js';
import { FlowList } from '../../../../workflow/flow-list.js';

/** 我的申请 (apply/leave/mine, the seeded menu's address): every application of every flow that is mine or my child's. */
export default function MyApplicationsView({ active }: ViewProps) {
  const { t } = useT();
  return <FlowList scope="mine" active={active} title={t('leave.mineTitle')} />;
}
