import type { ReactNode } from 'react';
import { Icon, type SemanticICONS, Table } from 'semantic-ui-react';

interface Props {
  icon?: SemanticICONS;
  text: string;
  testId?: string;
  children?: ReactNode;
}

/** Friendly placeholder for an empty list or area. */
export function EmptyState({ icon = 'inbox', text, testId, children }: Props) {
  return (
    <div className="sf-empty" data-testid={testId}>
      <Icon name={icon} size="big" />
      <p>{text}</p>
      {children}
    </div>
  );
}

/** The empty placeholder as the single row of a table spanning all its columns. */
export function EmptyRow({ colSpan, text, testId, icon }: { colSpan: number; text: string; testId?: string; icon?: SemanticICONS }) {
  return (
    <Table.Row>
      <Table.Cell colSpan={colSpan}>
        <EmptyState icon={icon} text={text} testId={testId} />
      </Table.Cell>
    </Table.Row>
  );
}
