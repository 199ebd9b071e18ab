import { useSyncExternalStore } from 'react';
import { Icon } from 'semantic-ui-react';
import { useT } from '../i18n/use-t.js';
import { toast } from '../util/toast.js';

/** Whether the page is fullscreen is the document's to say (Esc leaves it without us): read from it, not copied. */
const subscribe = (changed: () => void) => {
  document.addEventListener('fullscreenchange', changed);
  return () => document.removeEventListener('fullscreenchange', changed);
};
const isFullscreen = () => Boolean(document.fullscreenElement);

export function FullscreenToggle() {
  const { t } = useT();
  const full = useSyncExternalStore(subscribe, isFullscreen);

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
