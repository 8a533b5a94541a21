// Sentences for people from the Sudomino grader's steps, one per step, naming dominoes by their
// cells counted from 1 ("r3c5–r3c6") and lines as "row 3" or "column 5".
import { lineName, type SudominoBoard } from '../board.js';
import type { Reason, SudominoStep } from './step.js';

function list(items: string[], join = 'and'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${join} ${items[items.length - 1]}`;
}

/** "r3c5–r3c6": the domino's two cells. */
export function dominoName(board: SudominoBoard, d: number): string {
  const cell = (i: number): string => `r${Math.floor(i / board.cols) + 1}c${(i % board.cols) + 1}`;
  return `${cell(board.cells[2 * d])}–${cell(board.cells[2 * d + 1])}`;
}

function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** "4 from r4c1–r4c2, 2 and 5 from r5c3–r6c3": a step's removals, by domino in the order first met. */
function removals(board: SudominoBoard, step: SudominoStep): string {
  const byDomino = new Map<number, number[]>();
  for (const [d, v] of step.eliminated) {
    const vs = byDomino.get(d);
    if (vs === undefined) byDomino.set(d, [v]);
    else vs.push(v);
  }
  return list(
    [...byDomino].map(([d, vs]) => `${list(vs.map(String))} from ${dominoName(board, d)}`),
    'and',
  );
}

function reasonText(board: SudominoBoard, r: Reason): string {
  const line = (l: number): string => lineName(board.rows, l);
  const dom = (d: number): string => `the domino at ${dominoName(board, d)}`;
  const doms = (ds: number[]): string => `the dominoes at ${list(ds.map((d) => dominoName(board, d)))}`;
  switch (r.kind) {
    case 'nakedSingle':
      return `${capital(dom(r.domino))} has only ${r.value} left, so it holds ${r.value}.`;
    case 'hiddenSingle':
      return `${capital(line(r.line))} needs a ${r.value} and only ${dom(r.domino)} can hold it.`;
    case 'lineIntersection':
      return (
        `${capital(line(r.line))} needs a ${r.value} and only ${doms(r.dominoes)} can hold it; ` +
        `they all lie in ${line(r.other)} too, so ${line(r.other)}'s ${r.value} is one of them and no other domino of ${line(r.other)} can hold ${r.value}`
      );
    case 'nakedSubset':
      return `In ${line(r.line)}, ${doms(r.dominoes)} hold only ${list(r.values.map(String))} between them, so no other domino of ${line(r.line)} can hold ${list(r.values.map(String), 'or')}`;
    case 'hiddenSubset':
      return `${capital(line(r.line))} needs ${list(r.values.map(String))} and only ${doms(r.dominoes)} can hold them, so those dominoes hold nothing else`;
    case 'contradictionChain': {
      const forced = r.chain.map(([d, v]) => `${dominoName(board, d)} would hold ${v}`);
      const end =
        r.deadDomino !== undefined
          ? `${dominoName(board, r.deadDomino)} would have no value left`
          : `${line(r.deadLine ?? 0)} would have fewer values left than dominoes`;
      return `If ${dom(r.domino)} held ${r.value}, then ${list([...forced, end])}; so it cannot hold ${r.value}`;
    }
  }
}

/** One sentence a step, for `grade --explain`. */
export function explainSudominoStep(board: SudominoBoard, step: SudominoStep): string {
  const why = reasonText(board, step.reason);
  // Placements say what they place; the other techniques end on what they remove.
  return step.placed.length > 0 ? why : `${why} (removes ${removals(board, step)}).`;
}

export function explainSudominoSteps(board: SudominoBoard, steps: readonly SudominoStep[]): string[] {
  return steps.map((s) => explainSudominoStep(board, s));
}
