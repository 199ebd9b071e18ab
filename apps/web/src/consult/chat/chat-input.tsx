import { useRef } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from 'semantic-ui-react';
import { CONSULT_LIMITS, consultSendSchema } from '@schoolflow/contracts';
import { firstMessage } from '../../util/form-errors.js';
import { useConsultT } from '../use-consult-t.js';

/** How long after the last key "typing" stays on before it is taken back. */
const IDLE_MS = 2000;

/** The line's part of a sent message: the shared schema cleans it as the server will, and refuses it empty or too long. */
const lineSchema = consultSendSchema.pick({ body: true });

/**
 * The line to write in: Enter sends, Shift+Enter breaks the line; typing is told to the other side (on the first key,
 * off when idle or sent). The server cleans and checks the text again.
 */
export function ChatInput({ onSend, onTyping, disabled, placeholder, sendText }: { onSend: (body: string) => Promise<void>; onTyping: (typing: boolean) => void; disabled?: boolean; placeholder: string; sendText: string }) {
  const { tv } = useConsultT();
  const { control, register, handleSubmit, reset, formState } = useForm<{ body: string }, unknown, { body: string }>({ resolver: zodResolver(lineSchema), defaultValues: { body: '' } });
  const text = useWatch({ control, name: 'body' });
  const busy = formState.isSubmitting;
  // an empty line is not sent (the button is off), so only a line the schema refuses otherwise says why
  const refusal = text.trim() ? firstMessage(formState.errors.body) : undefined;
  const idle = useRef<ReturnType<typeof setTimeout> | null>(null);
  const typing = useRef(false);

  const stopTyping = () => {
    if (idle.current) clearTimeout(idle.current);
    if (typing.current) onTyping(false);
    typing.current = false;
  };
  const keyed = () => {
    if (!typing.current) onTyping(true);
    typing.current = true;
    if (idle.current) clearTimeout(idle.current);
    idle.current = setTimeout(stopTyping, IDLE_MS);
  };
  const send = () => {
    if (busy || !text.trim()) return;
    // a refused send was told by the page (a toast); the line stays for another try
    handleSubmit(async ({ body }) => {
      await onSend(body);
      reset();
      stopTyping();
    })().catch(() => undefined);
  };
  const line = register('body');

  return (
    <div className="sf-consult-input">
      <textarea
        data-testid="consult-input"
        disabled={disabled}
        maxLength={CONSULT_LIMITS.body}
        placeholder={placeholder}
        rows={3}
        {...line}
        onChange={(e) => {
          void line.onChange(e);
          keyed();
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            send();
          }
        }}
      />
      {refusal ? <div className="sf-field-error">{tv(refusal)}</div> : null}
      <Button primary type="button" data-testid="consult-send" disabled={disabled || busy || !text.trim()} loading={busy} onClick={send}>
        {sendText}
      </Button>
    </div>
  );
}
