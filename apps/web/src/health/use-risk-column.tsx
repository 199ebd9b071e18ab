import { HEALTH_MANAGE_PERMISSION, type ResourceRecord, RoleCode } from '@schoolflow/contracts';
import { useMemo } from 'react';
import { Label } from 'semantic-ui-react';
import { useAuthorized } from '../components/authorized.js';
import type { Column } from '../components/list-page.js';
import type { ResourceColumnsHook } from '../resources/resource-columns.js';
import { RISK_COLOUR } from './risk-colour.js';
import { useHealthT } from './use-health-t.js';
import { useRiskFlags } from './use-risk-flags.js';

/**
 * The students list's 健康风险 column (docs/adr/0054-health.md#flag): a medium or high badge on each student of the
 * page whose active conditions reach it, read in one request for the page — for the doctor (and administrators) and
 * head teachers (the server answers only their classes' students). Anyone else sees no column and asks nothing.
 */
export const useRiskColumn: ResourceColumnsHook = (rows, active) => {
  const { h } = useHealthT();
  const doctor = useAuthorized({ all: [HEALTH_MANAGE_PERMISSION] });
  const headTeacher = useAuthorized({ roles: [RoleCode.headTeacher] });
  const allowed = doctor || headTeacher;
  const ids = useMemo(() => rows.map((r) => r.id), [rows]);
  const flags = useRiskFlags(ids, allowed && active);
  const riskOf = useMemo(() => new Map((flags.data?.flags ?? []).map((f) => [f.studentId, f.risk])), [flags.data]);
  return useMemo((): Column<ResourceRecord>[] => {
    if (!allowed) return [];
    return [
      {
        title: h('risk.column'),
        narrow: true,
        head: { 'data-field': 'healthRisk' },
        cell: (row) => {
          const risk = riskOf.get(row.id);
          return risk ? (
            <Label size="mini" color={RISK_COLOUR[risk]} data-testid={`health-risk-${row.id}`} data-risk={risk}>
              {h(`risk.${risk}`)}
            </Label>
          ) : null;
        },
      },
    ];
  }, [allowed, riskOf, h]);
};
