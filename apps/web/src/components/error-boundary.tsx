import { Component, type ReactNode } from 'react';
import { Button, Icon } from 'semantic-ui-react';
import { useT } from '../i18n/use-t.js';

interface State {
  failed: boolean;
}

/** Keeps one broken view (e.g. a chunk that failed to download) from blanking the whole console. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('view failed', error);
  }

  override render(): ReactNode {
    return this.state.failed ? <ViewError /> : this.props.children;
  }
}

function ViewError() {
  const { t } = useT();
  return (
    <div className="sf-empty" data-testid="view-error">
      <Icon name="warning circle" size="big" color="red" />
      <p>{t('common.loadFailed')}</p>
      <Button basic onClick={() => window.location.reload()}>
        <Icon name="refresh" /> {t('common.refresh')}
      </Button>
    </div>
  );
}
