// The rules' scratch space, owned by one grader as Tatham's solver owns its solver_scratch, so
// rules are re-entrant and two graders never meet. It knows no rule: each rule file names its
// own room with a key, and the room is made the first time that grader asks for it.

/** A rule's room in a Scratch: a number to find it by and how to make it. */
export interface ScratchKey<T> {
  readonly id: number;
  readonly make: () => T;
}

let keys = 0;

/** A new room, made on first use in each Scratch (call once per rule file, at its top). */
export function scratchKey<T>(make: () => T): ScratchKey<T> {
  return { id: keys++, make };
}

export class Scratch {
  private readonly rooms: unknown[] = [];

  /** The grader's room for `key`, made on first use; it grows to the largest board seen. */
  of<T>(key: ScratchKey<T>): T {
    const room = this.rooms[key.id];
    if (room !== undefined) return room as T;
    const made = key.make();
    this.rooms[key.id] = made;
    return made;
  }
}
