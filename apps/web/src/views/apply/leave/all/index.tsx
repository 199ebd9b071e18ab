import { useT } from '../../../../i18n/use-t.js';
import type { ViewProps } from '../../../../router/view-registry.js';
import { LeaveList } from '../leave-list.js';

/** 请假记录 (apply/leave/all): every leave I review (everything, for the office, the principal and administrators). */
export default function LeaveAllView({ active }: ViewProps) {
  const { t } = useT();
  return <LeaveList scope="all" active={active} title={t('leave.allTitle')} />;
}
