// A long computation (a slot made, a board graded) stops when its interrupt says so (a time
// limit run out, a run stopped) by throwing Interrupted from where it polls; the caller that
// handed the interrupt in catches it at its boundary and reports the slot or board as timed out.
export class Interrupted extends Error {
  constructor() {
    super('interrupted');
  }
}

/** Throw Interrupted when `interrupt` says stop (absent: never). */
export function checkInterrupt(interrupt: (() => boolean) | undefined): void {
  if (interrupt?.() === true) throw new Interrupted();
}
