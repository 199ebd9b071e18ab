import { Icon, type SemanticICONS } from 'semantic-ui-react';
import { dismissToast, toastStore, type ToastKind } from '../util/toast.js';
import { useStore } from '../util/store.js';

const ICONS: Record<ToastKind, SemanticICONS> = {
  success: 'check circle',
  warning: 'exclamation circle',
  error: 'times circle',
  info: 'info circle',
};

/** Stack of toasts at the top centre; each disappears on its own or on click. */
export function Toaster() {
  const toasts = useStore(toastStore);
  return (
    <div className="sf-toaster" aria-live="polite">
      {toasts.map((t) => (
        <div
          key={t.id}
          className={`sf-toast sf-toast-${t.kind}`}
          data-testid="toast"
          data-kind={t.kind}
          role={t.kind === 'error' || t.kind === 'warning' ? 'alert' : 'status'}
          onClick={() => dismissToast(t.id)}
        >
          <Icon name={ICONS[t.kind]} />
          <span>{t.text}</span>
        </div>
      ))}
    </div>
  );
}
