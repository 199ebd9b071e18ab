import { Injectable } from '@nestjs/common';
import type { ElectiveCourse } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { ElectivesRepository } from '../../domain/electives.repository.js';

/** `GET /electives/courses`: the passed (offerable) courses of a semester (default the current one); signed-in users. */
@Injectable()
export class ListCourses {
  constructor(
    private readonly db: DataSource,
    private readonly electives: ElectivesRepository,
  ) {}

  execute(semesterId: string | undefined): Promise<ElectiveCourse[]> {
    return this.electives.courses(this.db, semesterId ?? null);
  }
}
