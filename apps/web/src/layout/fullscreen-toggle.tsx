import { useEffect, useState } from 'react';
import { Icon } from 'semantic-ui-react';
import { useT } from '../i18n/use-t.js';
import { toast } from '../util/toast.js';

export function FullscreenToggle() {
  const { t } = useT();
  const [full, setFull] = useState(() => Boolean(document.fullscreenElement));

  useEffect(() => {
    const sync = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);

  const toggle = async () => {
    if (!document.fullscreenEnabled) {
      toast.warning(t('navbar.fullscreenUnsupported'));
      return;
    }
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await document.documentElement.requestFullscreen();
    } catch {
      toast.warning(t('navbar.fullscreenUnsupported'));
    }
  };

  const label = full ? t('navbar.exitFullscreen') : t('navbar.fullscreen');
  return (
    <button type="button" className="sf-nav-btn" title={label} aria-label={label} data-testid="fullscreen-toggle" onClick={() => void toggle()}>
      <Icon name={full ? 'compress' : 'expand'} />
    </button>
  );
}
