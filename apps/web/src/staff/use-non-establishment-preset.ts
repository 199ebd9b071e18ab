import { useMemo } from 'react';
import { CONTRACT_WARNING_DAYS } from '@schoolflow/contracts';
import { useT } from '../i18n/use-t.js';
import type { ResourcePreset } from '../resources/resource-page.js';
import { kitText } from '../resources/resource-format.js';

/**
 * 非编教职工维护 (`jzggl/fzbjzgwh`; docs/adr/0065-interface-languages.md#non-establishment-staff): the staff list of
 * the non-establishment records — their kind, agency and contract — a new one starting as a contract hire.
 */
export function useNonEstablishmentPreset(): ResourcePreset {
  const { lang } = useT();
  return useMemo(
    () => ({
      key: 'non-establishment',
      title: kitText('resource.staff.nonEstablishment.title'),
      hint: kitText('resource.staff.nonEstablishment.hint', { days: CONTRACT_WARNING_DAYS }),
      filters: { nonEstablishment: 'true' },
      columns: ['account', 'name', 'departmentId', 'employment', 'agency', 'contractStart', 'contractEnd', 'phone', 'enabled'],
      prefill: { employment: 'contract' },
    }),
    // the texts are the language's
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [lang],
  );
}
