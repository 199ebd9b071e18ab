import { Icon, Popup } from 'semantic-ui-react';
import { THEMES } from '@schoolflow/contracts';
import { useT } from '../i18n/use-t.js';
import { setTheme, useTheme } from '../theme/theme.js';
import { useDisclosure } from '../util/use-disclosure.js';

/** The seven theme colours (docs/product/shell-and-sign-in.md#themes); the choice lives in the theme cookie for 10 days. */
export function ThemePicker() {
  const { t } = useT();
  const current = useTheme();
  const popup = useDisclosure();
  return (
    <Popup
      on="click"
      open={popup.opened}
      onOpen={popup.open}
      onClose={popup.close}
      position="bottom right"
      className="sf-theme-popup"
      trigger={
        <button type="button" className="sf-nav-btn" title={t('theme.title')} aria-label={t('theme.title')} data-testid="theme-picker" data-theme={current}>
          <Icon name="paint brush" />
        </button>
      }
    >
      <div className="sf-theme-title">{t('theme.title')}</div>
      <div className="sf-theme-grid" role="radiogroup" aria-label={t('theme.title')}>
        {THEMES.map((theme) => {
          const active = theme.key === current;
          return (
            <button
              key={theme.key}
              type="button"
              role="radio"
              aria-checked={active}
              className={`sf-theme-option ${active ? 'active' : ''}`}
              data-testid={`theme-option-${theme.key}`}
              onClick={() => {
                setTheme(theme.key);
                popup.close();
              }}
            >
              <span className="sf-theme-swatch" style={{ background: theme.color }}>
                {active ? <Icon name="check" /> : null}
              </span>
              <span className="sf-theme-name">{t(`theme.${theme.key}`)}</span>
            </button>
          );
        })}
      </div>
    </Popup>
  );
}
