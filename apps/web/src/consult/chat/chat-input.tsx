import { useRef, useState } from 'react';
import { Button } from 'semantic-ui-react';
import { CONSULT_LIMITS } from '@schoolflow/contracts';

/** How long after the last key "typing" stays on before it is taken back. */
const IDLE_MS = 2000;

/**
 * The line to write in: Enter sends, Shift+Enter breaks the line; typing is told to the other side (on the first key,
 * off when idle or sent). The server cleans and checks the text again: this only keeps the length in view.
 */
export function ChatInput({ onSend, onTyping, disabled, placeholder, sendText }: { onSend: (body: string) => Promise<void>; onTyping: (typing: boolean) => void; disabled?: boolean; placeholder: string; sendText: string }) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const idle = useRef<ReturnType<typeof setTimeout> | null>(null);
  const typing = useRef(false);

  const stopTyping = () => {
    if (idle.current) clearTimeout(idle.current);
    if (typing.current) onTyping(false);
    typing.current = false;
  };
  const keyed = (value: string) => {
    setText(value);
    if (!typing.current) onTyping(true);
    typing.current = true;
    if (idle.current) clearTimeout(idle.current);
    idle.current = setTimeout(stopTyping, IDLE_MS);
  };
  const send = async () => {
    const body = text.trim();
    if (!body || busy) return;
    setBusy(true);
    try {
      await onSend(body);
      setText('');
      stopTyping();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="sf-consult-input">
      <textarea
        data-testid="consult-input"
        value={text}
        disabled={disabled}
        maxLength={CONSULT_LIMITS.body}
        placeholder={placeholder}
        rows={3}
        onChange={(e) => keyed(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            void send();
          }
        }}
      />
      <Button primary type="button" data-testid="consult-send" disabled={disabled || busy || !text.trim()} loading={busy} onClick={() => void send()}>
        {sendText}
      </Button>
    </div>
  );
}
