import { Module } from '@nestjs/common';
import { AdminAudit } from '../admin/shared/admin-support.js';
import { PublishingModule } from '../publishing/publishing.module.js';
import { SystemModule } from '../system/system.module.js';
import { AddMember } from './commands/add-member/add-member.handler.js';
import { ChangeRole } from './commands/change-role/change-role.handler.js';
import { EndTerm } from './commands/end-term/end-term.handler.js';
import { PublishActivity } from './commands/publish-activity/publish-activity.handler.js';
import { OrganisationAccess } from './domain/organisation-access.js';
import { OrganisationsRepository } from './domain/organisations.repository.js';
import { OrganisationsController } from './organisations.controller.js';
import { OrganisationDirectory } from './queries/directory/directory.query.js';
import { OrganisationProfileQuery } from './queries/profile/profile.query.js';

/**
 * 学生组织 (DESIGN §15 `/server/api/organisations`; docs/product/campus-life.md#organisations,
 * docs/adr/0061-organisations.md): members' terms and activities here; the bodies are the resource kit's
 * (`organisations`), join requests the `organisation-join` flow's (applications/organisation-join), activities posts
 * of the publishing module (its CreatePost).
 */
@Module({
  imports: [SystemModule, PublishingModule],
  controllers: [OrganisationsController],
  providers: [AdminAudit, OrganisationsRepository, OrganisationAccess, OrganisationDirectory, OrganisationProfileQuery, AddMember, ChangeRole, EndTerm, PublishActivity],
})
export class OrganisationsModule {}
