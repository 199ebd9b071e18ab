import { useMemo } from 'react';
import { Label } from 'semantic-ui-react';
import { contractState, type ResourceRecord } from '@schoolflow/contracts';
import type { Column } from '../components/list-page.js';
import { useT } from '../i18n/use-t.js';
import type { ResourceColumnsHook } from '../resources/resource-columns.js';
import { kitText } from '../resources/resource-format.js';
import { schoolToday } from '../timetable/week-grid-model.js';

const COLOUR = { expired: 'red', expiring: 'orange', running: 'green' } as const;

/**
 * The non-establishment list's 合同状态 column: a contract that ended (red), or ends within CONTRACT_WARNING_DAYS of the
 * school's today (orange, the days left), or runs (green) — from the page's rows, nothing more asked.
 */
export const useContractColumn: ResourceColumnsHook = () => {
  const { lang } = useT();
  return useMemo((): Column<ResourceRecord>[] => {
    const today = schoolToday();
    return [
      {
        title: kitText('resource.staff.nonEstablishment.contract'),
        narrow: true,
        head: { 'data-field': 'contractState' },
        cell: (row) => {
          const { state, daysLeft } = contractState(typeof row.contractEnd === 'string' ? row.contractEnd : null, today);
          if (state === 'open') return null;
          const text = state === 'expiring' ? (daysLeft === 0 ? kitText('resource.staff.nonEstablishment.expiresToday') : kitText('resource.staff.nonEstablishment.expiring', { days: daysLeft ?? 0 })) : kitText(`resource.staff.nonEstablishment.${state}`);
          return (
            <Label size="mini" color={COLOUR[state]} data-testid={`contract-state-${row.id}`} data-state={state}>
              {text}
            </Label>
          );
        },
      },
    ];
    // the texts are the language's
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lang]);
};
