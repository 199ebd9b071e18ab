import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { type CertificateCheck, type Envelope, normalizeCertificateCode } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { ok } from '../../../infrastructure/http/envelope.js';
import { Public } from '../../../infrastructure/http/request-context.js';
import { certificates } from '../../certificates/certificate.repository.js';
import { CertificateThrottlerGuard } from './certificate-throttler.guard.js';
import { WorkflowErrors } from '../../workflow.errors.js';

@ApiTags('workflows')
@Controller()
export class VerifyCertificateController {
  constructor(private readonly db: DataSource) {}

  /**
   * Anyone holding a certificate checks it without signing in (docs/product/workflows.md#certificates): whether the school issued it and whom
   * it names — no more of the student than the paper itself shows. A code is 60 random bits, so it cannot be guessed;
   * checks are limited per address all the same (CertificateThrottlerGuard).
   */
  @Public()
  @UseGuards(CertificateThrottlerGuard)
  @Get('anon/certificates/:code')
  @ApiOperation({ summary: 'Check a certificate by its verification code (no sign-in): {valid, flow, studentName, studentNo, issuedAt}' })
  async verify(@Param('code') raw: string): Promise<Envelope<CertificateCheck>> {
    const code = normalizeCertificateCode(raw);
    if (!code) throw WorkflowErrors.certificateCodeInvalid();
    const cert = await certificates.byCode(this.db, code);
    if (!cert) return ok({ valid: false });
    // the name as the paper prints it: an English certificate prints the English name
    const studentName = cert.language === 'en' ? cert.content.studentNameEn || cert.content.studentName : cert.content.studentName;
    return ok({ valid: true, flow: cert.flow, studentName, studentNo: cert.content.studentNo, issuedAt: new Date(cert.issuedAt).toISOString() });
  }
}
