import { createRoot } from 'react-dom/client';
import './styles/semantic.js';
import './styles/app.css';
import './styles/workflow.css';
import { i18nReady } from './i18n/i18n.js';
import { App } from './app.js';
import { adoptTokenFromAddress } from './session/token.js';
import { initTheme } from './theme/theme.js';

adoptTokenFromAddress();
initTheme(''); // the cookie's theme at once, before the configured default arrives

const root = document.getElementById('root');
// No StrictMode: semantic-ui-react 2 still calls findDOMNode, which StrictMode reports on every render.
// The shown language's messages arrive as a chunk of their own (docs/adr/0033-sign-in-page-weight.md).
if (root) void i18nReady.then(() => createRoot(root).render(<App />));
