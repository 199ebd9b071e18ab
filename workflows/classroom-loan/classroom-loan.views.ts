import { calendarDate } from '@schoolflow/contracts';
import { z } from 'zod';

/**
 * 教室借用's day view (the server answers it, the form shows it): one classroom's bookings on one school day, so the
 * applicant sees what is taken before choosing a time. `GET /api/workflows/classroom-loan/views/day?classroomId&date`.
 */
export const roomDayQuerySchema = z.object({
  classroomId: z.string({ error: 'validation.classroomRequired' }).uuid('validation.classroomRequired'),
  date: calendarDate(),
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

/**
 * A period the room holds a lesson that day (the effective timetable: make-ups and swaps, pending ones too, applied),
 * as whoever may ask for the room sees it: that it is busy, not whose lesson it is.
 */
export interface RoomBusy {
  period: number;
  /** The period's time on that date, as instants. */
  start: string;
  end: string;
  /** Held by a make-up or a swap still under review. */
  pending: boolean;
}

/** The lesson itself, as staff see it (they read every timetable): its course, class and teacher, and what put it there. */
export interface RoomLesson extends RoomBusy {
  courseName: string;
  className: string;
  teacherName: string;
  change: 'make-up' | 'swap' | null;
}

export interface RoomDay {
  classroom: string;
  date: string;
  /** Its loans, pending and passed. */
  bookings: RoomBooking[];
  /** The room's lessons that day — a loan cannot overlap them either: named for staff, only busy for a student. */
  lessons: (RoomLesson | RoomBusy)[];
}
