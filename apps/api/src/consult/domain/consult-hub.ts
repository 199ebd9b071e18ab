import { Injectable, Logger } from '@nestjs/common';
import { CONSULT_EVENTS, type ConsultConversation, type ConsultMessage, type ConsultReadPush, type ConsultTypingPush } from '@schoolflow/contracts';
import type { Namespace } from 'socket.io';

/** Rooms of the `/consult` namespace (docs/adr/0042-online-consultation.md#messages-are-numbered-per-conversation-not-per-user-pushed-directly-after-commit). */
export const AGENTS_ROOM = 'agents';
export const VISITORS_ROOM = 'visitors';
export const agentRoom = (userId: string): string => `agent:${userId}`;
/** A visitor's room: every tab of the device (its token's digest). */
export const visitorRoom = (hash: Buffer | string): string => `visitor:${typeof hash === 'string' ? hash : hash.toString('base64url')}`;

/** Where a conversation's events go: its visitor and, while it is held, its agent. */
export interface Audience {
  visitor: Buffer;
  agentId: string | null;
}

/**
 * The emitting side of consultation: the namespace (set by the gateway when it starts) and what goes to whom. Emitted
 * after the change is committed; with the Redis adapter (AppIoAdapter) an emit here reaches sockets on every instance.
 * A socket that missed some (a reconnect) asks `consult.history {after}` with the last message number it shows.
 */
@Injectable()
export class ConsultHub {
  private readonly logger = new Logger('consult');
  private ns: Namespace | null = null;

  attach(ns: Namespace): void {
    this.ns = ns;
  }

  /** A message to both sides; to the whole queue while nobody holds the conversation (agents see it waiting). */
  message(to: Audience, message: ConsultMessage, conversation?: ConsultConversation): void {
    if (!this.ns) return;
    this.ns.to(this.rooms(to)).emit(CONSULT_EVENTS.message, message);
    if (!to.agentId && conversation) this.queue(conversation);
  }

  /** Typing and read marks go to the other side only. */
  typing(to: Audience, push: ConsultTypingPush): void {
    const room = push.sender === 'visitor' ? (to.agentId ? agentRoom(to.agentId) : null) : visitorRoom(to.visitor);
    if (room) this.ns?.to(room).emit(CONSULT_EVENTS.typing, push);
  }

  read(to: Audience, push: ConsultReadPush): void {
    const room = push.sender === 'visitor' ? (to.agentId ? agentRoom(to.agentId) : null) : visitorRoom(to.visitor);
    if (room) this.ns?.to(room).emit(CONSULT_EVENTS.read, push);
  }

  /** The queue changed: every agent re-reads it (the conversation says what changed: taken, queued, closed). */
  queue(conversation: ConsultConversation): void {
    this.ns?.to(AGENTS_ROOM).emit(CONSULT_EVENTS.queue, { conversation });
  }

  /** Taken, transferred or requeued: the visitor learns who answers (or that nobody does), the agents the queue. */
  assigned(visitor: Buffer, conversation: ConsultConversation, previousAgent: string | null = null): void {
    if (!this.ns) return;
    const rooms = [visitorRoom(visitor), AGENTS_ROOM];
    if (previousAgent) rooms.push(agentRoom(previousAgent));
    this.ns.to(rooms).emit(CONSULT_EVENTS.assigned, { conversation });
  }

  closed(visitor: Buffer, conversation: ConsultConversation): void {
    this.ns?.to([visitorRoom(visitor), AGENTS_ROOM]).emit(CONSULT_EVENTS.closed, { conversation });
  }

  /** How many agents are online, told to every visitor page (it offers to leave a message when none). */
  async announceAgents(): Promise<void> {
    if (!this.ns) return;
    try {
      const online = (await this.onlineAgents()).size;
      this.ns.to(VISITORS_ROOM).emit(CONSULT_EVENTS.agents, { online });
    } catch (err) {
      this.logger.warn(`agents online unknown: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  /**
   * The agents with a socket on any instance (the adapter asks every instance). Throws when that cannot be known (the
   * Redis adapter timing out): callers must then not act as if nobody were online.
   */
  async onlineAgents(): Promise<Set<string>> {
    if (!this.ns) return new Set();
    const sockets = await this.ns.in(AGENTS_ROOM).fetchSockets();
    return new Set(sockets.map((s) => (s.data as { userId?: string }).userId).filter((u): u is string => typeof u === 'string'));
  }

  private rooms(to: Audience): string[] {
    return to.agentId ? [visitorRoom(to.visitor), agentRoom(to.agentId)] : [visitorRoom(to.visitor)];
  }
}
