import { z } from 'zod';

/**
 * 教室借用's day view (the server answers it, the form shows it): one classroom's bookings on one school day, so the
 * applicant sees what is taken before choosing a time. `GET /api/workflows/classroom-loan/views/day?classroomId&date`.
 */
export const roomDayQuerySchema = z.object({
  classroomId: z.string({ error: 'validation.classroomRequired' }).uuid('validation.classroomRequired'),
  date: z
    .string({ error: 'validation.dateRequired' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.dateInvalid')
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'validation.dateInvalid'),
});
export type RoomDayQuery = z.infer<typeof roomDayQuerySchema>;

export interface RoomBooking {
  /** The loan's instance. */
  id: string;
  start: string;
  end: string;
  /** A pending loan holds its time as a passed one does. */
  status: 'pending' | 'passed';
  purpose: string;
  applicant: string;
  /** My own request (the page links to it). */
  mine: boolean;
}

export interface RoomDay {
  classroom: string;
  date: string;
  bookings: RoomBooking[];
}
