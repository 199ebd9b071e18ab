import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Icon, type SemanticICONS } from 'semantic-ui-react';
import { usePublishingT, type PublishingKey } from '../use-publishing-t.js';
import './rich-text-editor.css';

interface Tool {
  key: 'bold' | 'italic' | 'strike' | 'heading' | 'bulletList' | 'orderedList' | 'blockquote';
  icon: SemanticICONS;
  run: (e: Editor) => void;
  active: (e: Editor) => boolean;
}

const TOOLS: readonly Tool[] = [
  { key: 'bold', icon: 'bold', run: (e) => e.chain().focus().toggleBold().run(), active: (e) => e.isActive('bold') },
  { key: 'italic', icon: 'italic', run: (e) => e.chain().focus().toggleItalic().run(), active: (e) => e.isActive('italic') },
  { key: 'strike', icon: 'strikethrough', run: (e) => e.chain().focus().toggleStrike().run(), active: (e) => e.isActive('strike') },
  { key: 'heading', icon: 'heading', run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(), active: (e) => e.isActive('heading', { level: 3 }) },
  { key: 'bulletList', icon: 'list ul', run: (e) => e.chain().focus().toggleBulletList().run(), active: (e) => e.isActive('bulletList') },
  { key: 'orderedList', icon: 'list ol', run: (e) => e.chain().focus().toggleOrderedList().run(), active: (e) => e.isActive('orderedList') },
  { key: 'blockquote', icon: 'quote left', run: (e) => e.chain().focus().toggleBlockquote().run(), active: (e) => e.isActive('blockquote') },
];

/**
 * The body's rich text (tiptap on ProseMirror, a maintained editor; this module is the compose page's own chunk).
 * Uncontrolled after its first content: it reports HTML on every change; the server sanitises what it keeps.
 */
export function RichTextEditor({ initial, onChange, invalid, testId = 'post-body-editor' }: { initial: string; onChange: (html: string) => void; invalid?: boolean; testId?: string }) {
  const { p } = usePublishingT();
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false })],
    content: initial,
    immediatelyRender: true,
    // an empty document is '<p></p>': answered as '' so the schema's "required" sees it empty
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
    editorProps: { attributes: { class: 'sf-rich-text-area', 'data-testid': testId, 'aria-label': p('web.compose.body') } },
  });
  // the toolbar shows which marks apply where the cursor is, re-rendered only when one of them changes
  const active = useEditorState({ editor, selector: ({ editor: e }) => (e ? TOOLS.map((t) => t.active(e)) : TOOLS.map(() => false)) });
  const label = (key: Tool['key'] | 'undo' | 'redo'): string => p(`web.compose.toolbar.${key}` as PublishingKey);
  return (
    <div className={invalid ? 'sf-rich-text error' : 'sf-rich-text'}>
      <div className="sf-rich-text-toolbar" role="toolbar">
        {TOOLS.map((tool, i) => (
          <Button key={tool.key} type="button" icon size="mini" basic={!active?.[i]} active={active?.[i] ?? false} title={label(tool.key)} aria-label={label(tool.key)} onClick={() => tool.run(editor)}>
            <Icon name={tool.icon} />
          </Button>
        ))}
        <Button type="button" icon size="mini" basic title={label('undo')} aria-label={label('undo')} onClick={() => editor.chain().focus().undo().run()}>
          <Icon name="undo" />
        </Button>
        <Button type="button" icon size="mini" basic title={label('redo')} aria-label={label('redo')} onClick={() => editor.chain().focus().redo().run()}>
          <Icon name="redo" />
        </Button>
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
