import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import { logDatabaseError } from '../../../infrastructure/database/database-outage.js';
import { PeriodicSweep } from '../../../infrastructure/jobs/periodic-sweep.js';
import { ConsultHub } from '../../domain/consult-hub.js';
import { conversationView, ConversationsRepository } from '../../domain/conversations.repository.js';

/**
 * Conversations are never left with an agent who is gone (Chatwoot #10583/#10685): every few seconds each instance
 * asks which agents have a socket anywhere (the adapter asks every instance); an agent holding conversations who has
 * had none for CONSULT_AGENT_GRACE_SECONDS (a reload or a short network loss is not leaving) gets them taken back to
 * the queue, with a system line, and the visitor and every agent are told. When who is online cannot be known (the
 * adapter timing out), nothing is taken: an answer in progress is not broken by an outage. Instances may do it at
 * the same moment: the UPDATE takes each conversation once.
 */
@Injectable()
export class RequeueAbsentAgents implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('consult');
  private readonly missingSince = new Map<string, number>();
  private readonly sweeps = new PeriodicSweep(
    () => this.requeueAbsent(Date.now()),
    (err) => logDatabaseError(err, 'consultation: looking for absent agents failed'),
  );

  constructor(
    private readonly db: DataSource,
    private readonly conversations: ConversationsRepository,
    private readonly hub: ConsultHub,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  onModuleInit(): void {
    const every = Math.max(500, Math.min(5000, (this.config.consultAgentGraceSeconds * 1000) / 4));
    this.sweeps.start(every);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.sweeps.stop();
  }

  private async requeueAbsent(now: number): Promise<void> {
    const holding = await this.conversations.agentsHolding(this.db);
    if (holding.length === 0) return this.missingSince.clear();
    const online = await this.hub.onlineAgents();
    for (const agent of [...this.missingSince.keys()]) if (online.has(agent) || !holding.includes(agent)) this.missingSince.delete(agent);
    for (const agent of holding) {
      if (online.has(agent)) continue;
      const since = this.missingSince.get(agent) ?? now;
      this.missingSince.set(agent, since);
      if (now - since >= this.config.consultAgentGraceSeconds * 1000) await this.requeue(agent);
    }
  }

  private async requeue(agent: string): Promise<void> {
    const lines = await this.db.transaction(async (tx) => {
      const done = [];
      for (const id of await this.conversations.requeueOf(tx, agent)) done.push({ id, line: await this.conversations.append(tx, id, 'system', null, 'requeued', null) });
      return done;
    });
    this.missingSince.delete(agent);
    for (const { id, line } of lines) {
      const row = await this.conversations.get(this.db, id);
      if (!row) continue;
      const view = conversationView(row);
      this.hub.message({ visitor: row.visitor_hash, agentId: null }, line);
      this.hub.assigned(row.visitor_hash, view, agent);
    }
    if (lines.length > 0) this.logger.log(`${lines.length} conversation(s) of an absent agent back in the queue`);
  }
}
