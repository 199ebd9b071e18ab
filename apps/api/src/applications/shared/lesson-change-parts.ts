import { type ClassDay, type ClassDayQuery, classDayQuerySchema, type Language } from '@schoolflow/contracts';
import type { FlowDefinition } from '@schoolflow/workflows';
import type { Prepared } from '../../infrastructure/database/prepared.js';
import type { Principal } from '../../infrastructure/http/request-context.js';
import type { EffectInput, FlowPlugin } from '../../workflow/domain/flow-plugin.js';
import { classDay, teacherOptions } from './class-day.js';
import { settleChanges } from './lesson-changes.js';

/**
 * What every flow that changes a class's lessons on dates has alike (make-up classes, swaps): its hold settled by its
 * committed events, the class's day beside its form (`views/day`: the class's lessons and the applicant's of a date),
 * and its pickers (the applicant's classes and courses, periods, rooms, teachers).
 */
export function lessonChangeParts(definition: FlowDefinition): Pick<FlowPlugin, 'effects' | 'views' | 'options'> {
  return {
    effects: (input: EffectInput, db) => settleChanges(definition, input, db),
    views: {
      day: {
        query: classDayQuerySchema,
        read: (q: ClassDayQuery, actor: Principal, db: Prepared, lang: Language): Promise<ClassDay> => classDay(db, q, actor, lang),
      },
    },
    options: (field: string, actor: Principal, db: Prepared, lang: Language) => teacherOptions(field, actor, db, lang),
  };
}
