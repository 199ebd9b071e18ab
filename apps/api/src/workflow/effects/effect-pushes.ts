import { Injectable } from '@nestjs/common';
import type { PushRow } from '../../messaging/domain/outbox.js';

/**
 * Where the effects subscription hands the `workflow.effected` pushes it wrote, once their transaction committed
 * (docs/adr/0068-effects-announced.md). The socket gateway lives in the messaging module, which depends on this one,
 * so it registers itself here at start; without it the pushes stay in the push log and reach a client at its next
 * catch-up.
 */
@Injectable()
export class EffectPushes {
  private sink: ((rows: PushRow[]) => void) | undefined;

  deliverTo(sink: (rows: PushRow[]) => void): void {
    this.sink = sink;
  }

  emit(rows: PushRow[]): void {
    if (rows.length > 0) this.sink?.(rows);
  }
}
