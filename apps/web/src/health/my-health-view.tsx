import { FITNESS_ITEMS } from '@schoolflow/contracts';
import { useState } from 'react';
import { Dropdown, Header, Label, Message, Segment, Table } from 'semantic-ui-react';
import type { ViewProps } from '../router/view-props.js';
import { useHealthT } from './use-health-t.js';
import { useMyHealth } from './use-my-health.js';

import { RISK_COLOUR } from './risk-colour.js';

/** 我的健康 (docs/product/campus-life.md#health-care): a student's own records, a parent's child's; phone-width friendly. */
export default function MyHealthView({ active }: ViewProps) {
  const { h } = useHealthT();
  const [child, setChild] = useState<string | null>(null);
  const q = useMyHealth(child, active);
  const d = q.data;
  if (q.isLoading) return <Segment loading />;
  if (!d?.student) return <Message info content={h('page.none')} data-testid="health-none" />;
  const empty = <Message size="tiny" content={h('page.empty')} />;
  return (
    <div className="sf-my-health" data-testid="my-health">
      <Header as="h3">
        {h('page.mine')} · {d.student.name}
        {d.risk ? <Label color={RISK_COLOUR[d.risk]} size="small" data-testid="health-risk">{h('risk.badge', { level: h(`risk.${d.risk}`) })}</Label> : null}
      </Header>
      {d.students.length > 1 ? (
        <Dropdown selection value={d.student.id} options={d.students.map((s) => ({ key: s.id, value: s.id, text: `${s.name} ${s.studentNo}` }))} onChange={(_e, v) => setChild(String(v.value))} aria-label={h('page.child')} />
      ) : null}
      <Header as="h4">{h('page.conditions')}</Header>
      {d.conditions.length === 0 ? empty : (
        <Table compact unstackable data-testid="health-conditions">
          <Table.Body>
            {d.conditions.map((c) => (
              <Table.Row key={c.id}>
                <Table.Cell>{c.name}</Table.Cell>
                <Table.Cell><Label size="mini" color={RISK_COLOUR[c.riskLevel]}>{h(`risk.${c.riskLevel}`)}</Label></Table.Cell>
                <Table.Cell>{c.careAdvice}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      )}
      <Header as="h4">{h('page.exams')}</Header>
      {d.exams.length === 0 ? empty : d.exams.map((e) => (
        <Segment key={e.id} data-testid="health-exam">
          <div>{e.examDate} · {h('fields.height')} {e.heightCm} cm · {h('fields.weight')} {e.weightKg} kg · {h('fields.bmi')} {e.bmi ?? '—'}</div>
          <div>{FITNESS_ITEMS.map((i) => `${h(`items.${i}`)} ${e.scores[i] ?? '—'}`).join(' · ')}</div>
          <div className="sf-strong">{h('fields.total')} {e.totalScore ?? '—'} {e.rating ? `(${h(`rating.${e.rating}`)})` : ''}</div>
        </Segment>
      ))}
      <Header as="h4">{h('page.visits')}</Header>
      {d.visits.length === 0 ? empty : (
        <Table compact unstackable>
          <Table.Body>
            {d.visits.map((v) => (
              <Table.Row key={v.id}>
                <Table.Cell>{v.visitedOn}</Table.Cell>
                <Table.Cell>{v.complaint}</Table.Cell>
                <Table.Cell>{v.diagnosis}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      )}
      <Header as="h4">{h('page.insurance')}</Header>
      {d.insurance.length === 0 ? empty : d.insurance.map((i) => (
        <div key={i.id}>{i.insurer} · {i.plan} · {i.policyNo} · {i.startDate} – {i.endDate}</div>
      ))}
    </div>
  );
}
