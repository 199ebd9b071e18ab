import { Button, Modal } from 'semantic-ui-react';
import { useCalendarT } from './use-calendar-t.js';

/** "This occurrence or the whole series?" — asked when a recurring event is dragged or deleted. */
export function ScopeDialog({ question, oneLabel, seriesLabel, onOne, onSeries, onCancel }: { question: string; oneLabel: string; seriesLabel: string; onOne: () => void; onSeries: () => void; onCancel: () => void }) {
  const { c } = useCalendarT();
  return (
    <Modal open size="mini" onClose={onCancel} data-testid="calendar-scope">
      <Modal.Content>
        <p>{question}</p>
      </Modal.Content>
      <Modal.Actions>
        <Button basic type="button" content={c('actions.cancel')} onClick={onCancel} data-testid="calendar-scope-cancel" />
        <Button type="button" content={oneLabel} onClick={onOne} data-testid="calendar-scope-one" />
        <Button primary type="button" content={seriesLabel} onClick={onSeries} data-testid="calendar-scope-series" />
      </Modal.Actions>
    </Modal>
  );
}
