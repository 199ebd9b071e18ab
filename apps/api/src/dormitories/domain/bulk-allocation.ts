import type { BulkAllocationPlan, BulkPlacement, DormitoryOccupant } from '@schoolflow/contracts';

/** A student waiting for a bed: a boarder of the grade and gender with none. */
export interface WaitingStudent extends DormitoryOccupant {
  classId: string;
}

/** A chosen room as the plan sees it: its gender, whether in use, its effective beds and the beds already taken. */
export interface PlanRoom {
  roomId: string;
  roomCode: string;
  buildingName: string;
  gender: 'M' | 'F';
  enabled: boolean;
  bedsEffective: number;
  takenBeds: readonly number[];
}

interface FreeRoom {
  room: PlanRoom;
  beds: number[];
}

/**
 * A bulk allocation's plan (docs/adr/0053-dormitories.md#bulk-allocation), the same for the preview and the apply:
 * only rooms of the students' gender that are in use take anyone, and only in their free beds numbered up to the
 * effective beds — so no room is ever filled above them. Classmates stay together where they can: a class goes
 * first into the room that holds all of it with the fewest beds to spare, else fills rooms in the order given; the
 * largest classes are placed first. Whoever finds no bed is reported, never dropped.
 */
export function planBulkAllocation(students: readonly WaitingStudent[], rooms: readonly PlanRoom[], gender: 'M' | 'F'): BulkAllocationPlan {
  const skippedRooms: BulkAllocationPlan['skippedRooms'] = [];
  const free: FreeRoom[] = [];
  for (const room of rooms) {
    if (room.gender !== gender) skippedRooms.push({ roomId: room.roomId, roomCode: room.roomCode, reason: 'gender' });
    else if (!room.enabled) skippedRooms.push({ roomId: room.roomId, roomCode: room.roomCode, reason: 'disabled' });
    else {
      const taken = new Set(room.takenBeds);
      const beds: number[] = [];
      for (let bed = 1; bed <= room.bedsEffective; bed += 1) if (!taken.has(bed)) beds.push(bed);
      free.push({ room, beds });
    }
  }
  const classes = new Map<string, WaitingStudent[]>();
  for (const s of [...students].sort((a, b) => a.studentNo.localeCompare(b.studentNo))) classes.set(s.classId, [...(classes.get(s.classId) ?? []), s]);
  const ordered = [...classes.values()].sort((a, b) => b.length - a.length || (a[0] as WaitingStudent).className.localeCompare((b[0] as WaitingStudent).className));

  const placements: BulkPlacement[] = [];
  const unplaced: DormitoryOccupant[] = [];
  const place = (s: WaitingStudent, r: FreeRoom): void => {
    const bedNo = r.beds.shift() as number;
    placements.push({ studentId: s.studentId, name: s.name, studentNo: s.studentNo, className: s.className, roomId: r.room.roomId, roomCode: r.room.roomCode, buildingName: r.room.buildingName, bedNo });
  };
  for (const group of ordered) {
    const whole = free.filter((r) => r.beds.length >= group.length).sort((a, b) => a.beds.length - b.beds.length)[0];
    for (const s of group) {
      const room = whole && whole.beds.length > 0 ? whole : free.find((r) => r.beds.length > 0);
      if (room) place(s, room);
      else unplaced.push({ studentId: s.studentId, name: s.name, studentNo: s.studentNo, className: s.className });
    }
  }
  return { placements, unplaced, skippedRooms, freeBedsLeft: free.reduce((n, r) => n + r.beds.length, 0) };
}
