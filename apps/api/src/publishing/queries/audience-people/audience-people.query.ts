import { Injectable } from '@nestjs/common';
import { AUDIENCE_PEOPLE_MAX, type AudiencePeopleQuery, type AudiencePerson, type Language } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { PostAccess } from '../../domain/post-access.js';
import { PostsRepository } from '../../domain/posts.repository.js';

/**
 * The compose form's named-people choice (docs/product/publishing.md#audience-and-recipients): students by class or by
 * name, student number or account, and staff by name or account. Only someone who may publish the kind asks it (the
 * spec's refusal otherwise, logged): the list names students, which the staff picker of the shell does not.
 */
@Injectable()
export class AudiencePeople {
  constructor(
    private readonly db: DataSource,
    private readonly posts: PostsRepository,
    private readonly access: PostAccess,
  ) {}

  async execute(q: AudiencePeopleQuery, me: Principal, client: ClientInfo, lang: Language): Promise<AudiencePerson[]> {
    await this.access.mayPublish(me, q.kind, client, 'post.people', null);
    return this.posts.people(this.db, q, AUDIENCE_PEOPLE_MAX, lang);
  }
}
