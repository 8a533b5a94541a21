// A board being played: the dominoes laid and the "no domino here" marks on boundaries, with
// undo and redo, and what the page shows about them (pairs used twice, cells nothing can cover
// any more, the tally of pairs, solved). Pure: the page draws it and stores its position.
import { pairCount, pairIndex } from '../pairs.js';
import { cellsOf, isPlacement, placementsAt, type Shape } from './geometry.js';

export interface PlayBoard extends Shape {
  readonly m: number;
  /** values[r * cols + c] is the number at row r, column c. */
  readonly values: ArrayLike<number>;
}

/** What a board holds, as stored and as undo remembers it: placements, each list increasing. */
export interface Position {
  laid: number[];
  marks: number[];
}

export class Game {
  readonly board: PlayBoard;
  /** The placement of the domino covering cell c, or -1. */
  private readonly cover: Int32Array;
  private readonly marked: Uint8Array;
  private readonly undoStack: Position[] = [];
  private readonly redoStack: Position[] = [];
  /** A locked board takes no move (a solved or revealed puzzle): every move says false. */
  locked = false;

  constructor(board: PlayBoard, start?: Position) {
    this.board = board;
    this.cover = new Int32Array(board.rows * board.cols).fill(-1);
    this.marked = new Uint8Array(2 * board.rows * board.cols);
    if (start) this.set(start);
  }

  /** The pair placement p spells. */
  pairOf(p: number): number {
    const [a, b] = cellsOf(this.board, p);
    return pairIndex(this.board.values[a], this.board.values[b]);
  }

  /** The placement of the domino covering cell c, or -1. */
  dominoAt(c: number): number {
    return this.cover[c];
  }

  isLaid(p: number): boolean {
    return this.cover[p >> 1] === p;
  }

  isMarked(p: number): boolean {
    return this.marked[p] === 1;
  }

  position(): Position {
    const laid: number[] = [];
    const marks: number[] = [];
    for (let c = 0; c < this.cover.length; c++)
      if (this.cover[c] >= 0 && this.cover[c] >> 1 === c) laid.push(this.cover[c]);
    for (let p = 0; p < this.marked.length; p++) if (this.marked[p] === 1) marks.push(p);
    return { laid: laid.sort((a, b) => a - b), marks };
  }

  /** Lay a domino on placement p, lifting any it overlaps and clearing a mark there. */
  lay(p: number): boolean {
    if (this.locked || !isPlacement(this.board, p) || this.isLaid(p)) return false;
    this.record();
    this.put(p);
    return true;
  }

  /** Lift the domino on placement p. */
  lift(p: number): boolean {
    if (this.locked || !this.isLaid(p)) return false;
    this.record();
    this.remove(p);
    return true;
  }

  /** Mark or unmark the boundary p as "no domino here"; a boundary under a domino takes no mark. */
  toggleMark(p: number): boolean {
    if (this.locked || !isPlacement(this.board, p) || this.isLaid(p)) return false;
    this.record();
    this.marked[p] ^= 1;
    return true;
  }

  /** Put the board in this position as one move (restart, reveal all); false if it already is. */
  setPosition(pos: Position): boolean {
    if (this.locked) return false;
    const now = this.position();
    this.set(pos);
    if (samePosition(now, this.position())) return false;
    this.undoStack.push(now);
    this.redoStack.length = 0;
    return true;
  }

  restart(): boolean {
    return this.setPosition({ laid: [], marks: [] });
  }

  get canUndo(): boolean {
    return !this.locked && this.undoStack.length > 0;
  }

  get canRedo(): boolean {
    return !this.locked && this.redoStack.length > 0;
  }

  undo(): boolean {
    if (this.locked) return false;
    const pos = this.undoStack.pop();
    if (!pos) return false;
    this.redoStack.push(this.position());
    this.set(pos);
    return true;
  }

  redo(): boolean {
    if (this.locked) return false;
    const pos = this.redoStack.pop();
    if (!pos) return false;
    this.undoStack.push(this.position());
    this.set(pos);
    return true;
  }

  /** How many laid dominoes spell each pair. */
  tally(): Int32Array {
    const n = new Int32Array(pairCount(this.board.m));
    for (const p of this.position().laid) n[this.pairOf(p)]++;
    return n;
  }

  /** Laid dominoes whose pair is laid more than once. */
  duplicates(): number[] {
    const n = this.tally();
    return this.position().laid.filter((p) => n[this.pairOf(p)] > 1);
  }

  /** Open cells that no domino can cover any more: every neighbour covered or marked off. */
  uncoverable(): number[] {
    const out: number[] = [];
    for (let c = 0; c < this.cover.length; c++) {
      if (this.cover[c] >= 0) continue;
      const open = placementsAt(this.board, c).some((p) => {
        const [a, b] = cellsOf(this.board, p);
        return this.marked[p] === 0 && this.cover[a === c ? b : a] < 0;
      });
      if (!open) out.push(c);
    }
    return out;
  }

  /** Every cell covered and every pair laid exactly once. */
  get solved(): boolean {
    if (this.cover.some((p) => p < 0)) return false;
    return this.tally().every((k) => k === 1);
  }

  private record(): void {
    this.undoStack.push(this.position());
    this.redoStack.length = 0;
  }

  private put(p: number): void {
    const [a, b] = cellsOf(this.board, p);
    for (const c of [a, b]) if (this.cover[c] >= 0) this.remove(this.cover[c]);
    this.cover[a] = this.cover[b] = p;
    this.marked[p] = 0;
  }

  private remove(p: number): void {
    const [a, b] = cellsOf(this.board, p);
    this.cover[a] = this.cover[b] = -1;
  }

  /** Load a position, ignoring what is not a placement of this board (a stale or edited save). */
  private set(pos: Position): void {
    this.cover.fill(-1);
    this.marked.fill(0);
    for (const p of pos.marks) if (isPlacement(this.board, p)) this.marked[p] = 1;
    for (const p of pos.laid) if (isPlacement(this.board, p)) this.put(p);
  }
}

function samePosition(x: Position, y: Position): boolean {
  const eq = (a: number[], b: number[]): boolean => a.length === b.length && a.every((v, i) => v === b[i]);
  return eq(x.laid, y.laid) && eq(x.marks, y.marks);
}
