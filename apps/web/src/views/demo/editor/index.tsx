import { lazy, Suspense, useState } from 'react';
import { Segment } from 'semantic-ui-react';
import { CardHead } from '../../../components/list-page.js';
import { PageLoader } from '../../../components/page-loader.js';
import { useT } from '../../../i18n/use-t.js';
import '../../../components/widgets/widgets.css';
// the editor's own look (its area, toolbar), as publishing's pages load it
import '../../../publishing/publishing.css';

// the editor publishing composes with (tiptap), in its own chunk as on the compose page
const RichTextEditor = lazy(() => import('../../../publishing/compose/rich-text-editor.js').then((m) => ({ default: m.RichTextEditor })));

/** 富文本 (demo/editor): the rich-text editor, and the HTML it reports (the server sanitises what it keeps). */
export default function EditorDemoView() {
  const { t } = useT();
  // what the editor reports, shown as text below it
  const [html, setHtml] = useState<string | null>(null);
  return (
    <div className="sf-page sf-widget-demo" data-testid="demo-editor">
      <Segment className="sf-card">
        <CardHead icon="edit outline" title={t('widgets.demo.pages.editor')} />
        <Suspense fallback={<PageLoader />}>
          <RichTextEditor initial={t('widgets.demo.editorInitial')} onChange={setHtml} testId="demo-editor-area" />
        </Suspense>
        <div className="sf-demo-value" data-testid="demo-editor-html">
          {t('widgets.demo.value')}: {(html ?? t('widgets.demo.editorInitial')) || '—'}
        </div>
      </Segment>
    </div>
  );
}
