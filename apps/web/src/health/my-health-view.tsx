import { FITNESS_ITEMS } from '@schoolflow/contracts';
import { Dropdown, Header, Label, Message, Segment, Table } from 'semantic-ui-react';
import { textParam, useViewParam } from '../router/use-view-param.js';
import type { ViewProps } from '../router/view-props.js';
import { RISK_COLOUR } from './risk-colour.js';
import { useHealthT } from './use-health-t.js';
import { useMyHealth } from './use-my-health.js';
import './health.css';

/** 我的健康 (docs/product/campus-life.md#health-care): a student's own records, a parent's child's; phone-width friendly. */
export default function MyHealthView({ active }: ViewProps) {
  const { h } = useHealthT();
  // the child a parent chose ('' for the server's first)
  const [child, setChild] = useViewParam('child', '', textParam);
  const q = useMyHealth(child || null, active);
  const d = q.data;
  if (q.isLoading) return <Segment loading />;
  if (!d?.student) return <Message info content={h('page.none')} data-testid="health-none" />;
  const empty = <Message size="tiny" content={h('page.empty')} />;
  return (
    <div className="sf-page sf-my-health" data-testid="my-health">
      <Segment className="sf-card">
        <div className="sf-card-head">
          <Header as="h3">
            {h('page.mine')} · {d.student.name}
            {d.risk ? (
              <Label color={RISK_COLOUR[d.risk]} size="small" className="sf-risk" data-testid="health-risk">
                {h('risk.badge', { level: h(`risk.${d.risk}`) })}
              </Label>
            ) : null}
          </Header>
          {d.students.length > 1 ? (
            <Dropdown selection value={d.student.id} options={d.students.map((s) => ({ key: s.id, value: s.id, text: `${s.name} ${s.studentNo}` }))} onChange={(_e, v) => setChild(String(v.value))} aria-label={h('page.child')} />
          ) : null}
        </div>
      </Segment>

      <Segment className="sf-card">
        <Header as="h4">{h('page.conditions')}</Header>
        {d.conditions.length === 0 ? empty : (
          <Table compact unstackable data-testid="health-conditions">
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>{h('fields.name')}</Table.HeaderCell>
                <Table.HeaderCell collapsing>{h('fields.riskLevel')}</Table.HeaderCell>
                <Table.HeaderCell>{h('fields.careAdvice')}</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {d.conditions.map((c) => (
                <Table.Row key={c.id} disabled={!c.active}>
                  <Table.Cell>{c.name}</Table.Cell>
                  <Table.Cell collapsing><Label size="mini" className="sf-risk" color={RISK_COLOUR[c.riskLevel]}>{h(`risk.${c.riskLevel}`)}</Label></Table.Cell>
                  <Table.Cell>{c.careAdvice}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        )}
      </Segment>

      <Segment className="sf-card">
        <Header as="h4">{h('page.exams')}</Header>
        {d.exams.length === 0 ? empty : d.exams.map((e) => (
          <div key={e.id} className="sf-health-exam" data-testid="health-exam">
            <div className="sf-strong">
              {e.examDate} · {h('fields.total')} {e.totalScore ?? '—'} {e.rating ? `(${h(`rating.${e.rating}`)})` : ''}
            </div>
            <div className="sf-sub">{h('fields.height')} {e.heightCm} cm · {h('fields.weight')} {e.weightKg} kg · {h('fields.bmi')} {e.bmi ?? '—'}</div>
            <ul className="sf-health-items">
              {FITNESS_ITEMS.map((i) => (
                <li key={i}>
                  <span>{h(`items.${i}`)}</span>
                  <span className="sf-strong">{e.scores[i] ?? '—'}</span>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </Segment>

      <Segment className="sf-card">
        <Header as="h4">{h('page.visits')}</Header>
        {d.visits.length === 0 ? empty : (
          <Table compact unstackable>
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell collapsing>{h('fields.date')}</Table.HeaderCell>
                <Table.HeaderCell>{h('fields.complaint')}</Table.HeaderCell>
                <Table.HeaderCell>{h('fields.diagnosis')}</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {d.visits.map((v) => (
                <Table.Row key={v.id}>
                  <Table.Cell collapsing>{v.visitedOn}</Table.Cell>
                  <Table.Cell>{v.complaint}</Table.Cell>
                  <Table.Cell>{v.diagnosis}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        )}
      </Segment>

      <Segment className="sf-card">
        <Header as="h4">{h('page.insurance')}</Header>
        {d.insurance.length === 0 ? empty : d.insurance.map((i) => (
          <div key={i.id} className="sf-health-policy">
            <div className="sf-strong">{i.insurer} · {i.plan}</div>
            <div className="sf-sub">{h('fields.policyNo')} {i.policyNo} · {h('fields.period')} {i.startDate} – {i.endDate}</div>
          </div>
        ))}
      </Segment>
    </div>
  );
}
