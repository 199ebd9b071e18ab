import { Injectable } from '@nestjs/common';
import { AttendancePermission, type CheckinSettings } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { AttendanceErrors } from '../../attendance.errors.js';
import { AttendanceAccess } from '../../domain/attendance-access.js';
import { AttendanceRepository } from '../../domain/attendance.repository.js';

/** The check-in rules (`GET /api/attendance/settings`): for those who check in (their page shows them) and who set them. */
@Injectable()
export class GetCheckinSettings {
  constructor(
    private readonly db: DataSource,
    private readonly repo: AttendanceRepository,
    private readonly access: AttendanceAccess,
  ) {}

  async execute(me: Principal, client: ClientInfo): Promise<CheckinSettings> {
    if (!me.permissions.has(AttendancePermission.settings)) await this.access.need(me, client, AttendancePermission.checkin, 'attendance.settings.read', AttendanceErrors.checkinForbidden);
    return this.repo.settings(this.db);
  }
}
