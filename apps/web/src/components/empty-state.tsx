import type { ReactNode } from 'react';
import { Icon, type SemanticICONS } from 'semantic-ui-react';

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
