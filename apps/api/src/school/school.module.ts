import { Module } from '@nestjs/common';
import { MyStudentsRepository } from './domain/my-students.repository.js';
import { MyStudentsController } from './queries/my-students/my-students.controller.js';
import { AreaController } from './queries/area/area.controller.js';

/** The school's base data: students, classes, courses, terms (administration screens come with their issue). */
@Module({ controllers: [MyStudentsController, AreaController], providers: [MyStudentsRepository] })
export class SchoolModule {}
