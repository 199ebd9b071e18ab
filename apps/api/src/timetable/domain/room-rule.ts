import type { BothNames } from '@schoolflow/contracts';
import type { AppException } from '../../infrastructure/http/app-exception.js';
import { TimetableErrors } from '../timetable.errors.js';

/** A room as the rule reads it: whether it is an enabled classroom used for lessons, and its seats. */
export interface RoomFacts {
  name: string;
  seats: number;
  /** Enabled and used for classes (`enabled AND for_classes`). */
  usable: boolean;
}

/**
 * The one rule for a lesson's room (issue 9 "a room that is not a classroom"), whoever places the lesson — the editor,
 * a make-up class: an enabled classroom used for lessons that seats the class. Answers the refusal (400, naming the
 * room), or null when it fits. `room` undefined: no such room (it is named by its id). A name kept in both languages
 * (a request's) is answered in the reader's.
 */
export function roomFault(room: RoomFacts | undefined, roomId: string, section: { name: string | BothNames; size: number }): AppException | null {
  if (!room?.usable) return TimetableErrors.notAClassroom(room?.name ?? roomId);
  if (room.seats < section.size) return TimetableErrors.roomTooSmall(room.name, room.seats, section.name, section.size);
  return null;
}
