import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { Button, Icon } from 'semantic-ui-react';
import { useT } from '../../i18n/use-t.js';

export default function NotFoundPage() {
  const { t } = useT();
  useEffect(() => {
    document.title = t('notFound.title');
  }, [t]);
  return (
    <div className="sf-error-page" data-testid="not-found-page">
      <div className="sf-error-code">{t('notFound.title')}</div>
      <Icon name="map signs" size="massive" className="sf-error-icon" />
      <p className="sf-error-message">{t('notFound.message')}</p>
      <Button primary as={Link} to="/" data-testid="go-home">
        <Icon name="home" /> {t('notFound.home')}
      </Button>
    </div>
  );
}
