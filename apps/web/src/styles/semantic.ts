/**
 * The semantic-ui components the console uses, instead of the whole 600 kB semantic.min.css. The Vite config
 * strips the Google Fonts import and swaps Lato for system CJK-capable fonts.
 */
import 'semantic-ui-css/components/reset.min.css';
import 'semantic-ui-css/components/site.min.css';
import 'semantic-ui-css/components/button.min.css';
import 'semantic-ui-css/components/container.min.css';
import 'semantic-ui-css/components/divider.min.css';
import 'semantic-ui-css/components/header.min.css';
import 'semantic-ui-css/components/icon.min.css';
import 'semantic-ui-css/components/image.min.css';
import 'semantic-ui-css/components/input.min.css';
import 'semantic-ui-css/components/label.min.css';
import 'semantic-ui-css/components/list.min.css';
import 'semantic-ui-css/components/loader.min.css';
import 'semantic-ui-css/components/segment.min.css';
import 'semantic-ui-css/components/breadcrumb.min.css';
import 'semantic-ui-css/components/form.min.css';
import 'semantic-ui-css/components/grid.min.css';
import 'semantic-ui-css/components/menu.min.css';
import 'semantic-ui-css/components/message.min.css';
import 'semantic-ui-css/components/table.min.css';
import 'semantic-ui-css/components/card.min.css';
import 'semantic-ui-css/components/statistic.min.css';
import 'semantic-ui-css/components/dropdown.min.css';
import 'semantic-ui-css/components/modal.min.css';
import 'semantic-ui-css/components/dimmer.min.css';
import 'semantic-ui-css/components/popup.min.css';
import 'semantic-ui-css/components/transition.min.css';
import 'semantic-ui-css/components/checkbox.min.css';
