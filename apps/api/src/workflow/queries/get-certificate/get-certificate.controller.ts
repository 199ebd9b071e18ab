import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { isUuid, verifyPage } from '@schoolflow/contracts';
import type { Request, Response } from 'express';
import { DataSource } from 'typeorm';
import { attachmentHeader } from '../../../admin/shared/admin-support.js';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import { Client, type ClientInfo, CurrentUser, type Principal } from '../../../infrastructure/http/request-context.js';
import { translate } from '../../../infrastructure/i18n/i18n.js';
import { PdfPool } from '../../../infrastructure/pdf/pdf-pool.js';
import { OperationLogService } from '../../../system/domain/operation-log.service.js';
import { certificates } from '../../certificates/certificate.repository.js';
import { FlowParam } from '../../domain/flow-param.js';
import { FlowCatalog } from '../../domain/flow-catalog.service.js';
import { WorkflowInstances } from '../../domain/workflow-instances.service.js';
import { WorkflowErrors } from '../../workflow.errors.js';

/** Where users reach the platform: the configured address, else the one this request came to (behind trusted proxies). */
export function publicOrigin(config: ServerConfig, req: Request): string {
  return config.publicUrl ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}

@ApiTags('workflows')
@Controller('api/workflows')
export class GetCertificateController {
  constructor(
    private readonly catalog: FlowCatalog,
    private readonly instances: WorkflowInstances,
    private readonly db: DataSource,
    private readonly oplog: OperationLogService,
    private readonly pdf: PdfPool,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  /**
   * A passed proof's certificate as a PDF, for whoever may read the request (the applicant, the student, the
   * guardians, its reviewers and people copied), written in the language asked for, with its verification code.
   * Anyone else is refused (403, in the operation log); a request not passed has none yet (422).
   */
  @FlowParam()
  @Get(':flow/:id/certificate')
  @ApiProduces('application/pdf')
  @ApiOperation({ summary: "A passed proof's certificate (PDF with a verification code and a QR code)" })
  async download(@Param('flow') flow: string, @Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Req() req: Request, @Res() res: Response): Promise<void> {
    if (!this.catalog.plugin(flow).issuesCertificate || !isUuid(id)) throw WorkflowErrors.notFound();
    const row = await certificates.reviewOf(this.db, flow, id);
    if (!row) throw WorkflowErrors.notFound();
    if (!this.instances.visible(row.participants, me)) {
      await this.oplog.append({ userId: me.userId, account: me.account, action: 'access.denied', target: `GET workflows/${flow}/${id}/certificate`, result: 'denied', ip: client.ip, userAgent: client.userAgent, detail: { reason: 'notParticipant' } });
      throw WorkflowErrors.certificateNotYours();
    }
    const cert = row.review_status === 'passed' ? await certificates.ofInstance(this.db, id) : null;
    // passed a moment ago, its effect not yet applied: not issued yet either
    if (!cert) throw WorkflowErrors.certificateNotIssued();
    // drawn by a PDF worker, in one of the reader's places (429 beyond PDF_RENDERS_PER_USER: docs/adr/0029)
    const pdf = await this.pdf.forUser(me.userId, () => this.pdf.render({ kind: 'certificate', certificate: cert, verifyUrl: `${publicOrigin(this.config, req)}${verifyPage(cert.code)}`, timeZone: this.config.timeZone }));
    const title = translate(cert.language, `documents.certificate.${cert.flow}.title`);
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', attachmentHeader(`${title}-${cert.content.studentNo}.pdf`));
    res.setHeader('Cache-Control', 'private, no-store');
    res.end(pdf);
  }
}
