import { Table } from 'semantic-ui-react';
import type { FeedbackRow } from '@schoolflow/contracts';
import { EmptyRow } from '../components/empty-state.js';
import { StateLabel } from './feedback-detail-panel.js';
import { useFeedbackT } from './use-feedback-t.js';

/** A page of feedback as both pages list it; a row opens its feedback. The submitter column is the handlers'. */
export function FeedbackTable({ rows, onOpen, withSubmitter }: { rows: readonly FeedbackRow[]; onOpen: (id: string) => void; withSubmitter: boolean }) {
  const { f, lang } = useFeedbackT();
  const columns = withSubmitter ? 7 : 6;
  return (
    <Table compact selectable size="small" data-testid="feedback-table">
      <Table.Header>
        <Table.Row>
          <Table.HeaderCell>{f('fields.title')}</Table.HeaderCell>
          <Table.HeaderCell>{f('fields.category')}</Table.HeaderCell>
          {withSubmitter ? <Table.HeaderCell>{f('fields.submitter')}</Table.HeaderCell> : null}
          <Table.HeaderCell>{f('fields.state')}</Table.HeaderCell>
          <Table.HeaderCell>{f('fields.handler')}</Table.HeaderCell>
          <Table.HeaderCell>{f('fields.createdAt')}</Table.HeaderCell>
          <Table.HeaderCell>{f('fields.updatedAt')}</Table.HeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.length === 0 ? <EmptyRow colSpan={columns} text={f('empty')} icon="comments outline" testId="feedback-empty" /> : null}
        {rows.map((r) => (
          <Table.Row key={r.id} data-testid="feedback-row" data-id={r.id} data-state={r.state} onClick={() => onOpen(r.id)}>
            <Table.Cell>
              <a href={`?id=${r.id}`} onClick={(e) => e.preventDefault()}>
                {r.title}
              </a>
            </Table.Cell>
            <Table.Cell singleLine>{r.categoryName[lang]}</Table.Cell>
            {withSubmitter ? <Table.Cell singleLine>{r.submitterName ?? f('anonymous')}</Table.Cell> : null}
            <Table.Cell singleLine>
              <StateLabel state={r.state} />
            </Table.Cell>
            <Table.Cell singleLine>{r.handlerName ?? ''}</Table.Cell>
            <Table.Cell singleLine>{r.createdAt}</Table.Cell>
            <Table.Cell singleLine>{r.updatedAt}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table>
  );
}
