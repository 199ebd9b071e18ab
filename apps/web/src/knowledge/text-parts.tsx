import type { KnowledgeTextPart } from '@schoolflow/contracts';

/** A text the server cut into parts, what the search matched marked (<mark>); plain text, never HTML. */
export function TextParts({ parts, testId }: { parts: readonly KnowledgeTextPart[]; testId?: string }) {
  return (
    <span data-testid={testId}>
      {parts.map((p, i) =>
        p.hit ? (
          <mark key={i} className="sf-kb-hit">
            {p.text}
          </mark>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </span>
  );
}
