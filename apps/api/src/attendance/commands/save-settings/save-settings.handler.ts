import { Injectable } from '@nestjs/common';
import { AttendancePermission, type CheckinSettings, type CheckinSettingsValues } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { AttendanceErrors } from '../../attendance.errors.js';
import { AttendanceAccess } from '../../domain/attendance-access.js';
import { AttendanceRepository } from '../../domain/attendance.repository.js';

/** 考勤设置 (`PUT /api/attendance/settings`): the two windows and the place with its radius; logged with what they were. */
@Injectable()
export class SaveCheckinSettings {
  constructor(
    private readonly db: DataSource,
    private readonly repo: AttendanceRepository,
    private readonly access: AttendanceAccess,
  ) {}

  async execute(v: CheckinSettingsValues, me: Principal, client: ClientInfo): Promise<CheckinSettings> {
    await this.access.need(me, client, AttendancePermission.settings, 'attendance.settings.save', AttendanceErrors.settingsForbidden);
    const before = await this.repo.settings(this.db);
    await this.repo.saveSettings(this.db, v, me.userId);
    await this.access.record(me, client, 'attendance.settings.save', null, { before, after: v });
    return this.repo.settings(this.db);
  }
}
