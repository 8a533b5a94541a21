// A Sudomino board being played: per domino a value or pencil marks (the values the player still
// thinks possible), the givens fixed, undo and redo as a trail of moves, and what the page shows
// about them (clashing values in a line, solved). Pure: the page draws it and stores its position.
import { cellValues, type Board } from '../board.js';
import { checkAnswer } from '../solve/check.js';

/** What a board holds, as stored: per domino its value (0: none) and its marks (bit v-1 for v). */
export interface Position {
  values: number[];
  marks: number[];
}

/** One domino's change within a move: before and after, value and marks. */
type Change = [domino: number, oldValue: number, oldMarks: number, newValue: number, newMarks: number];

export class Game {
  readonly board: Board;
  private readonly value: Uint8Array;
  private readonly mark: Int32Array;
  /** Moves done (undo takes the last) and undone (redo takes the last); each a list of changes. */
  private readonly done: Change[][] = [];
  private readonly undone: Change[][] = [];
  /** A locked board takes no move (a solved or revealed puzzle): every move says false. */
  locked = false;

  constructor(board: Board, start?: Position) {
    this.board = board;
    const D = board.given.length;
    this.value = Uint8Array.from(board.given);
    this.mark = new Int32Array(D);
    if (start) this.load(start);
  }

  get dominoes(): number {
    return this.value.length;
  }

  /** All of 1..N as marks. */
  get allMarks(): number {
    return (1 << this.board.values) - 1;
  }

  valueOf(d: number): number {
    return this.value[d];
  }

  marksOf(d: number): number {
    return this.mark[d];
  }

  isGiven(d: number): boolean {
    return this.board.given[d] !== 0;
  }

  /** The domino covering cell c, or -1 where it is blocked. */
  dominoAt(c: number): number {
    return this.board.domino[c];
  }

  position(): Position {
    return { values: Array.from(this.value), marks: Array.from(this.mark) };
  }

  /** Put v on domino d (a given keeps its own); its marks go, undo brings them back. */
  place(d: number, v: number): boolean {
    if (!this.open(d) || !Number.isInteger(v) || v < 1 || v > this.board.values || this.value[d] === v) return false;
    return this.move([[d, this.value[d], this.mark[d], v, 0]]);
  }

  /** Add or take away v as a pencil mark of domino d; a domino with a value takes no marks. */
  toggleMark(d: number, v: number): boolean {
    if (!this.open(d) || this.value[d] !== 0 || !Number.isInteger(v) || v < 1 || v > this.board.values) return false;
    return this.move([[d, 0, this.mark[d], 0, this.mark[d] ^ (1 << (v - 1))]]);
  }

  /** Clear domino d: its value if it has one, else its marks. */
  clear(d: number): boolean {
    if (!this.open(d)) return false;
    if (this.value[d] !== 0) return this.move([[d, this.value[d], this.mark[d], 0, this.mark[d]]]);
    return this.move([[d, 0, this.mark[d], 0, 0]]);
  }

  /** Put the board in this position as one move (a hint followed, restart, reveal all); false if it already is. */
  setPosition(pos: Position): boolean {
    const changes: Change[] = [];
    for (let d = 0; d < this.value.length; d++) {
      if (this.isGiven(d)) continue;
      const [v, m] = this.wanted(pos, d);
      if (v !== this.value[d] || m !== this.mark[d]) changes.push([d, this.value[d], this.mark[d], v, m]);
    }
    return changes.length > 0 && this.move(changes);
  }

  restart(): boolean {
    return this.setPosition({ values: [], marks: [] });
  }

  get canUndo(): boolean {
    return !this.locked && this.done.length > 0;
  }

  get canRedo(): boolean {
    return !this.locked && this.undone.length > 0;
  }

  undo(): boolean {
    if (this.locked) return false;
    const move = this.done.pop();
    if (!move) return false;
    for (let k = move.length - 1; k >= 0; k--) this.write(move[k][0], move[k][1], move[k][2]);
    this.undone.push(move);
    return true;
  }

  redo(): boolean {
    if (this.locked) return false;
    const move = this.undone.pop();
    if (!move) return false;
    for (const [d, , , v, m] of move) this.write(d, v, m);
    this.done.push(move);
    return true;
  }

  /**
   * The cells in a clash: two different dominoes of one row or column holding one value. Only
   * the clashing dominoes' cells in that line are named (a domino crossing the line has one there).
   */
  conflicts(): number[] {
    const { rows, cols, domino } = this.board;
    const out = new Set<number>();
    // first[v]: the first cell of the line met holding v; clash[v]: a second domino holds v too.
    const first = new Int32Array(this.board.values + 1);
    const scan = (start: number, step: number, length: number): void => {
      first.fill(-1);
      for (let k = 0, c = start; k < length; k++, c += step) {
        const d = domino[c];
        const v = d < 0 ? 0 : this.value[d];
        if (v === 0) continue;
        if (first[v] < 0) first[v] = c;
        else if (domino[first[v]] !== d) {
          // Every cell of this value in the line is in the clash, the first one met included.
          for (let j = 0, e = start; j < length; j++, e += step)
            if (domino[e] >= 0 && this.value[domino[e]] === v) out.add(e);
        }
      }
    };
    for (let r = 0; r < rows; r++) scan(r * cols, 1, cols);
    for (let c = 0; c < cols; c++) scan(c, cols, rows);
    return [...out].sort((a, b) => a - b);
  }

  /** Dominoes with a value, givens included. */
  get filled(): number {
    let n = 0;
    for (const v of this.value) if (v !== 0) n++;
    return n;
  }

  /** Every domino holds a value and the rules hold (check.ts, straight from their statement). */
  get solved(): boolean {
    return this.filled === this.value.length && checkAnswer(this.board, cellValues(this.board, this.value)) === null;
  }

  private open(d: number): boolean {
    return Number.isInteger(d) && d >= 0 && d < this.value.length && !this.isGiven(d);
  }

  private move(changes: Change[]): boolean {
    if (this.locked) return false;
    for (const [d, , , v, m] of changes) this.write(d, v, m);
    this.done.push(changes);
    this.undone.length = 0;
    return true;
  }

  private write(d: number, v: number, m: number): void {
    this.value[d] = v;
    this.mark[d] = m;
  }

  /** Load a saved position, ignoring what does not fit this board (a stale or edited save). */
  private load(pos: Position): void {
    for (let d = 0; d < this.value.length; d++) {
      if (!this.isGiven(d)) [this.value[d], this.mark[d]] = this.wanted(pos, d);
    }
  }

  /** Domino d's value and marks in a position, what does not fit this board dropped. */
  private wanted(pos: Position, d: number): [value: number, marks: number] {
    const v = Array.isArray(pos.values) ? pos.values[d] : undefined;
    const m = Array.isArray(pos.marks) ? pos.marks[d] : undefined;
    if (Number.isInteger(v) && (v as number) >= 1 && (v as number) <= this.board.values) return [v as number, 0];
    return [0, Number.isInteger(m) ? (m as number) & this.allMarks : 0];
  }
}
