import { Icon } from 'semantic-ui-react';
import { setLanguage } from '../i18n/i18n.js';
import { translate, useT } from '../i18n/use-t.js';
import { toast } from '../util/toast.js';
import { loadAppConfig } from '../config/load-app-config.js';

/** Flips zh ⇄ en (docs/product/shell-and-sign-in.md#language); the label names the current language. */
export function LangSwitch({ className }: { className?: string }) {
  const { t, lang } = useT();
  const flip = async () => {
    await setLanguage(lang === 'zh' ? 'en' : 'zh');
    toast.success(translate('lang.switched')); // already in the chosen language
    await loadAppConfig(); // titles and footer come back in the new language
  };
  // semantic's button markup written out: its Button component would bring Label onto the sign-in page, where this
  // switch is the only button-shaped thing besides the form's own (docs/benchmarks.md#benchsign-in)
  return (
    <button
      type="button"
      className={`ui basic compact button sf-lang-switch ${className ?? ''}`}
      title={t('lang.switchTitle')}
      data-testid="lang-switch"
      data-lang={lang}
      onClick={() => void flip()}
    >
      <Icon name="language" />
      {lang === 'zh' ? t('lang.zh') : t('lang.en')}
    </button>
  );
}
