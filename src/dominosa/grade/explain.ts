// Sentences for people from the grader's log: one per step, naming dominoes by their numbers
// and positions by 1-based rows and columns ("the 0-3 domino has only one place left: row 2,
// columns 4–5").
import { cellWords, dominoWords } from '../../grade/cell-words.js';
import type { Board } from '../board.js';
import type { Domino } from '../solve/solution.js';
import type { Cell, PairUV, Step } from './step.js';

function cellName([r, c]: Cell): string {
  return cellWords(r, c);
}

/** Where a domino lies: "row 2, columns 4–5" or "column 3, rows 1–2". */
function at([r1, c1, r2, c2]: Domino): string {
  return dominoWords(r1, c1, r2, c2);
}

const WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];

/** "the two 3s" */
function some(n: number, value: number): string {
  return `${n < WORDS.length ? WORDS[n] : n} ${value}s`;
}

function nodes(n: number): string {
  return n === 1 ? '1 search node' : `${n} search nodes`;
}

function list(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

class Words {
  /** shift: what is added to every value shown (1 for a pack printed 1..M+1). */
  constructor(
    private readonly board: Board,
    private readonly shift: number,
  ) {}

  value([r, c]: Cell): number {
    return this.board.cells[r * this.board.cols + c];
  }

  /** A value as the player sees it. */
  n(value: number): number {
    return value + this.shift;
  }

  /** A pair as the player sees it, "1-4". */
  pair([u, v]: PairUV): string {
    return `${this.n(u)}-${this.n(v)}`;
  }

  /** "the 4 at row 3, column 2" */
  cell(c: Cell): string {
    return `the ${this.n(this.value(c))} at ${cellName(c)}`;
  }

  /** The pair a domino spells, "1-4". */
  spells(d: Domino): string {
    const a = this.value([d[0], d[1]]);
    const b = this.value([d[2], d[3]]);
    return this.pair(a <= b ? [a, b] : [b, a]);
  }

  /** "1-4 at row 3, columns 2–3" */
  domino(d: Domino): string {
    return `${this.spells(d)} at ${at(d)}`;
  }

  dominoes(ds: Domino[]): string {
    return list(ds.map((d) => this.domino(d)));
  }

  /** "row 3 column 3, row 4 column 3 and row 6 column 5" (no commas inside a cell). */
  cells(cs: Cell[]): string {
    return list(cs.map(([r, c]) => `row ${r + 1} column ${c + 1}`));
  }

  pairs(ps: PairUV[]): string {
    return list(ps.map((p) => (p[0] === p[1] ? `the double ${this.pair(p)}` : this.pair(p))));
  }
}

/** One sentence per step, for a person; positions are 1-based, values shown plus `shift`. */
export function explainSteps(board: Board, steps: Step[], shift = 0): string[] {
  const w = new Words(board, shift);
  return steps.map((step) => explainStep(w, step));
}

function explainStep(w: Words, step: Step): string {
  const r = step.reason;
  const out = step.eliminated.length > 0 ? `: ${w.dominoes(step.eliminated)} ruled out` : '';
  const placedAt = step.placed.length > 0 ? w.domino(step.placed[0]) : '';
  switch (r.rule) {
    case 'cellSingleton':
      return `${cap(w.cell(r.cell))} has only one neighbour left: lay ${placedAt}.`;
    case 'pairSingleton':
      return `The ${w.pair(r.pair)} domino has only one place left: ${at(step.placed[0])}.`;
    case 'pairSharedCell':
      return `Every place left for ${w.pair(r.pair)} covers ${w.cell(r.cell)}, so that cell takes no other domino${out}.`;
    case 'cellForcedPair':
      return `${cap(w.cell(r.cell))} can only be part of ${w.pair(r.pair)}, so ${w.pair(r.pair)} goes nowhere else${out}.`;
    case 'duplicateOfOwnPair':
      return r.pair
        ? `${w.domino(r.placement)} is ruled out: it would leave ${w.cell(r.cell)} able to spell only ${w.pair(r.pair)}, a second ${w.pair(r.pair)}.`
        : `${w.domino(r.placement)} is ruled out: it would leave ${w.cell(r.cell)} with no partner.`;
    case 'duplicateBetweenNeighbours':
      return `${w.domino(r.placement)} is ruled out: ${w.cell(r.cells[0])} and ${w.cell(r.cells[1])} would both need ${w.pair(r.pair)}, and no one ${w.pair(r.pair)} can cover both.`;
    case 'pairCrowdedOut':
      return `${w.domino(r.placement)} is ruled out: every place left for ${w.pair(r.pair)} touches it.`;
    case 'unbalancedRegion': {
      const n = r.cells.length;
      const region = n === 1 ? cellName(r.cells[0]) : `${n} cells including ${cellName(r.cells[0])}`;
      return `${w.domino(r.placement)} is ruled out: it would cut off ${region}, with ${r.dark} dark and ${r.light} light squares on a checkerboard, which dominoes cannot fill.`;
    }
    case 'bridgeSplitsOdd': {
      const n = r.cells.length;
      return `${w.domino(r.placement)} is ruled out: it is the only link between ${n} cells including ${cellName(r.cells[0])} and the rest of their area, both even in number, so laying it would leave two odd areas, which dominoes cannot fill.`;
    }
    case 'cellsClaimPairs':
      return `The ${some(r.cells.length, w.n(r.value))} at ${w.cells(r.cells)}, ${r.cells.length === 2 ? 'which the double cannot join' : 'no two of which the double can join'}, can only take ${w.pairs(r.pairs)} between them, so no other ${w.n(r.value)} can${out}.`;
    case 'cellsClaimPairsAndDouble':
      return `The ${some(r.cells.length, w.n(r.value))} at ${w.cells(r.cells)} can only take ${w.pairs(r.pairs)} between them, the double ${w.n(r.value)}-${w.n(r.value)} covering two, so no other ${w.n(r.value)} can${out}.`;
    case 'pairsClaimCells':
      return `${cap(w.pairs(r.pairs))} can only go on the ${some(r.cells.length, w.n(r.value))} at ${w.cells(r.cells)}, so those cells take nothing else${out}.`;
    case 'doubleStarvesCells':
      return `The double ${w.n(r.value)}-${w.n(r.value)} cannot go at ${at(r.placement)}: the ${some(r.cells.length, w.n(r.value))} at ${w.cells(r.cells)} would be left with only ${w.pairs(r.pairs)} between them.`;
    case 'chainRepeatsPair':
      return `${tied(w, r.chain)}; between them they would use ${w.pair(r.pair)} twice, so none of them can be laid.`;
    case 'chainStarvesCell':
      return r.chain.length === 1
        ? `${cap(w.domino(r.chain[0]))} would take every domino ${w.cell(r.cell)} can still be part of, so it cannot be laid.`
        : `${tied(w, r.chain)}; between them they would take every domino ${w.cell(r.cell)} can still be part of, so none of them can be laid.`;
    case 'pairInBothChains':
      return `Cells with two places left split the dominoes around them into two sides, one of which is laid in full: ${w.dominoes(r.chains[0])}, or ${w.dominoes(r.chains[1])}. Each side holds a ${w.pair(r.pair)}, so ${w.pair(r.pair)} goes at ${at(r.spots[0])} or ${at(r.spots[1])}${out}.`;
    case 'lookaheadRefutes': {
      const end = r.cell ? `${w.cell(r.cell)} with no partner` : `no place for ${w.pair(r.pair!)}`;
      const then =
        r.chain.length > 0 ? `then ${w.dominoes(r.chain)} would follow, leaving ${end}` : `that would leave ${end}`;
      return `If ${w.domino(r.placement)} were laid, ${then}; so it is ruled out.`;
    }
    case 'searchRefutes':
      return r.guessed
        ? `Guess: lay ${w.domino(r.placement)} (${nodes(r.nodes)} showed that every option works: the board has more than one solution).`
        : `Trial and error: ${w.domino(r.placement)} leads to no solution (${nodes(r.nodes)}), so it is ruled out.`;
  }
}

/** One side of a chain, and why its dominoes are laid all or none. */
function tied(w: Words, chain: Domino[]): string {
  return `Cells with two places left tie ${w.dominoes(chain)} together (laying one lays them all)`;
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
