import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  type AttachBedInput,
  attachBedSchema,
  type BulkAllocationInput,
  type BulkAllocationPlan,
  bulkAllocationSchema,
  type DormitoryHistoryEntry,
  type DormitoryHistoryQuery,
  dormitoryHistoryQuerySchema,
  type DormitoryRoomBeds,
  type DormitoryStudent,
  dormitoryStudentQuerySchema,
  type Envelope,
  inspectionInputSchema,
  type InspectionListQuery,
  inspectionListQuerySchema,
  type InspectionPage,
  type InspectionRow,
  type InspectionValues,
  isUuid,
  type Language,
  nightRecordInputSchema,
  type NightRecordListQuery,
  nightRecordListQuerySchema,
  type NightRecordPage,
  type NightRecordRow,
  type NightRecordValues,
  type ReleaseBedInput,
  releaseBedSchema,
} from '@schoolflow/contracts';
import type { z } from 'zod';
import { ok } from '../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal } from '../infrastructure/http/request-context.js';
import { ValidBody, ValidQuery } from '../infrastructure/http/valid-input.js';
import { translate } from '../infrastructure/i18n/i18n.js';
import { AttachBed } from './commands/attach-bed/attach-bed.handler.js';
import { BulkAllocate } from './commands/bulk-allocate/bulk-allocate.handler.js';
import { RecordInspection } from './commands/record-inspection/record-inspection.handler.js';
import { RecordNight } from './commands/record-night/record-night.handler.js';
import { ReleaseBed } from './commands/release-bed/release-bed.handler.js';
import { DormitoryErrors } from './dormitories.errors.js';
import { AllocationHistoryQuery } from './queries/allocation-history/allocation-history.query.js';
import { FindStudentsQuery } from './queries/find-students/find-students.query.js';
import { ListInspections } from './queries/list-inspections/list-inspections.query.js';
import { ListNightRecords } from './queries/list-night-records/list-night-records.query.js';
import { RoomBedsQuery } from './queries/room-beds/room-beds.query.js';

const roomId = (id: string): string => {
  if (!isUuid(id)) throw DormitoryErrors.roomNotFound();
  return id;
};
const studentId = (id: string): string => {
  if (!isUuid(id)) throw DormitoryErrors.studentNotFound();
  return id;
};

/**
 * 宿舍管理 (DESIGN §15 `/server/api/dormitories`; docs/product/campus-life.md#dormitories): beds, allocations (one,
 * or in bulk after a preview), histories, inspections and night records. Buildings and rooms are the resource kit's
 * (`/buildings`, `/rooms`). Permission and scope are the use cases'.
 */
@ApiTags('dormitories')
@Controller('api/dormitories')
export class DormitoriesController {
  constructor(
    private readonly roomBeds: RoomBedsQuery,
    private readonly histories: AllocationHistoryQuery,
    private readonly finder: FindStudentsQuery,
    private readonly inspectionList: ListInspections,
    private readonly nightList: ListNightRecords,
    private readonly attaching: AttachBed,
    private readonly releasing: ReleaseBed,
    private readonly bulk: BulkAllocate,
    private readonly inspecting: RecordInspection,
    private readonly recording: RecordNight,
  ) {}

  @Get('rooms/:id/beds')
  @ApiOperation({ summary: 'A room\'s beds 1 to its total, the effective ones in use, each with its sleeper (dormitories:list)' })
  async beds(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<DormitoryRoomBeds>> {
    return ok(await this.roomBeds.execute(roomId(id), me, client));
  }

  @Get('allocations/history')
  @ApiOperation({ summary: 'A room\'s or a student\'s allocation history, newest first: attached, unassigned, removed, by whom and when (dormitories:list)' })
  async history(@ValidQuery(dormitoryHistoryQuerySchema) q: DormitoryHistoryQuery, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<DormitoryHistoryEntry[]>> {
    return ok(await this.histories.execute(q, me, client));
  }

  @Get('allocations/students')
  @ApiOperation({ summary: 'Students by name or number with their bed, up to 20 (dormitories:list)' })
  async students(@ValidQuery(dormitoryStudentQuerySchema) q: z.output<typeof dormitoryStudentQuerySchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<DormitoryStudent[]>> {
    return ok(await this.finder.execute(q.q, me, client));
  }

  @Post('allocations')
  @HttpCode(200)
  @ApiOperation({ summary: 'Put an enrolled boarder without a bed into a free effective bed of a room of their gender (dormitories:edit)' })
  async attach(@ValidBody(attachBedSchema) body: AttachBedInput, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<DormitoryRoomBeds>> {
    return ok(await this.attaching.execute(body, me, client), translate(lang, 'dormitories.results.attached'));
  }

  @Post('allocations/:studentId/unassign')
  @HttpCode(200)
  @ApiOperation({ summary: 'Take a student out of their bed; still a boarder waiting for one (dormitories:edit)' })
  async unassign(@Param('studentId') id: string, @ValidBody(releaseBedSchema) body: ReleaseBedInput, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<null>> {
    await this.releasing.execute(studentId(id), 'unassigned', body, me, client);
    return ok(null, translate(lang, 'dormitories.results.unassigned'));
  }

  @Post('allocations/:studentId/remove')
  @HttpCode(200)
  @ApiOperation({ summary: 'Take a student out of the dormitory (dormitories:edit)' })
  async remove(@Param('studentId') id: string, @ValidBody(releaseBedSchema) body: ReleaseBedInput, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<null>> {
    await this.releasing.execute(studentId(id), 'removed', body, me, client);
    return ok(null, translate(lang, 'dormitories.results.removed'));
  }

  @Post('allocations/bulk/preview')
  @HttpCode(200)
  @ApiOperation({ summary: 'What a bulk allocation of a grade\'s boarders of one gender into the chosen rooms would do; writes nothing (dormitories:edit)' })
  async preview(@ValidBody(bulkAllocationSchema) body: BulkAllocationInput, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<BulkAllocationPlan>> {
    return ok(await this.bulk.preview(body, me, client));
  }

  @Post('allocations/bulk/apply')
  @HttpCode(200)
  @ApiOperation({ summary: 'The bulk allocation planned again on the locked rooms and written in one transaction; answers what was done (dormitories:edit)' })
  async apply(@ValidBody(bulkAllocationSchema) body: BulkAllocationInput, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<BulkAllocationPlan>> {
    const plan = await this.bulk.apply(body, me, client);
    return ok(plan, translate(lang, 'dormitories.results.applied', { count: plan.placements.length }));
  }

  @Get('inspections')
  @ApiOperation({ summary: 'Hygiene inspections, newest first, by room or building (dormitories:records)' })
  async inspections(@ValidQuery(inspectionListQuerySchema) q: InspectionListQuery, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<InspectionPage>> {
    return ok(await this.inspectionList.execute(q, me, client));
  }

  @Post('inspections')
  @HttpCode(200)
  @ApiOperation({ summary: 'Record a hygiene inspection: room, day, score 0–100, remark ≤ 200, up to 4 of one\'s own JPG/PNG photos ≤ 2 MB (dormitories:records)' })
  async inspect(@ValidBody(inspectionInputSchema) body: InspectionValues, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<InspectionRow>> {
    return ok(await this.inspecting.execute(body, me, client), translate(lang, 'dormitories.results.inspected'));
  }

  @Get('night-records')
  @ApiOperation({ summary: 'Late returns and nights away, newest first (dormitories:records: all; a head teacher: their classes\')' })
  async nights(@ValidQuery(nightRecordListQuerySchema) q: NightRecordListQuery, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<NightRecordPage>> {
    return ok(await this.nightList.execute(q, me, client));
  }

  @Post('night-records')
  @HttpCode(200)
  @ApiOperation({ summary: 'Record a late return (with its time) or a night away; the student\'s head teacher gets a bell message (dormitories:records)' })
  async night(@ValidBody(nightRecordInputSchema) body: NightRecordValues, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<NightRecordRow>> {
    return ok(await this.recording.execute(body, me, client), translate(lang, 'dormitories.results.recorded'));
  }
}
