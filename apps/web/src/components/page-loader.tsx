import { Loader } from 'semantic-ui-react';
import { useT } from '../i18n/use-t.js';

/** Centred spinner for a whole page or a view chunk being fetched. */
export function PageLoader({ text }: { text?: string }) {
  const { t } = useT();
  return (
    <div className="sf-page-loader" data-testid="page-loader">
      <Loader active inline="centered" size="medium">
        {text ?? t('app.loading')}
      </Loader>
    </div>
  );
}
