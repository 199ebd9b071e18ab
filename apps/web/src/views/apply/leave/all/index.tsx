import { useT } from '../../../../i18n/use-t.js';
import type { ViewProps } from '../../../../router/view-props.js';
import { FlowList } from '../../../../workflow/flow-list.js';

/** 申请记录 (apply/leave/all, the seeded menu's address): the applications of every flow I review, or all with view-all. */
export default function ApplicationRecordsView({ active }: ViewProps) {
  const { t } = useT();
  return <FlowList scope="all" active={active} title={t('leave.allTitle')} />;
}
