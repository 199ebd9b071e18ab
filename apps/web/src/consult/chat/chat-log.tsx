import { useEffect, useRef } from 'react';
import type { ConsultMessage } from '@schoolflow/contracts';
import { type ConsultKey, useConsultT } from '../use-consult-t.js';

/**
 * A conversation's lines in the server's order: mine on the right with a read mark once the other side has seen
 * them, theirs on the left, system lines (accepted, transferred, requeued, closed) centred in the reader's language.
 * Every text is shown as text (React escapes it): what a visitor typed never runs as markup.
 */
export function ChatLog({ messages, me, otherReadSeq, typing, typingText }: { messages: readonly ConsultMessage[]; me: 'visitor' | 'agent'; otherReadSeq: number; typing: boolean; typingText: string }) {
  const { c } = useConsultT();
  const end = useRef<HTMLDivElement>(null);
  // braces: scrollIntoView answers a promise in newer browsers, which React would take for a cleanup function
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, typing]);
  return (
    <div className="sf-consult-log" data-testid="consult-log">
      {messages.map((m) =>
        m.sender === 'system' ? (
          <div key={m.seq} className="sf-consult-system" data-testid="consult-system">
            {c(`system.${m.body}` as ConsultKey, m.params ?? {})}
          </div>
        ) : (
          <div key={m.seq} className={`sf-consult-line ${m.sender === me ? 'mine' : 'theirs'}`} data-testid={m.sender === me ? 'consult-mine' : 'consult-theirs'}>
            <div className="sf-consult-who">{m.sender === 'visitor' ? (me === 'visitor' ? c('visitor.me') : c('export.visitor')) : (m.agentName ?? c('visitor.agent'))}</div>
            <div className="sf-consult-bubble">{m.body}</div>
            {m.sender === me && m.seq <= otherReadSeq ? (
              <div className="sf-consult-read" data-testid="consult-read">
                {c('visitor.read')}
              </div>
            ) : null}
          </div>
        ),
      )}
      {typing ? (
        <div className="sf-consult-typing" data-testid="consult-typing">
          {typingText}
        </div>
      ) : null}
      <div ref={end} />
    </div>
  );
}
