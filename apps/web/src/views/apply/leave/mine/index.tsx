import { useT } from '../../../../i18n/use-t.js';
import type { ViewProps } from '../../../../router/view-registry.js';
import { LeaveList } from '../leave-list.js';

/** 我的申请 (apply/leave/mine): what I applied for, or what is about me or my child. */
export default function LeaveMineView({ active }: ViewProps) {
  const { t } = useT();
  return <LeaveList scope="mine" active={active} title={t('leave.mineTitle')} />;
}
