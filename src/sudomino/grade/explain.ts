// Sentences for people from the Sudomino grader's steps, one per step, naming dominoes where they
// lie as Dominosa's do ("row 3, columns 5–6", src/grade/cell-words.ts) and lines as "row 3" or
// "column 5"; a list of dominoes is split by semicolons, as each name holds a comma.
import { dominoWords } from '../../grade/cell-words.js';
import { lineName, type Board } from '../board.js';
import type { Reason, Step } from './step.js';

function list(items: string[], join = 'and', sep = ', '): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(sep)} ${join} ${items[items.length - 1]}`;
}

/** "row 3, columns 5–6": where the domino lies. */
export function dominoName(board: Board, d: number): string {
  const [a, b] = [board.cells[2 * d], board.cells[2 * d + 1]];
  const { cols } = board;
  return dominoWords(Math.floor(a / cols), a % cols, Math.floor(b / cols), b % cols);
}

function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** "4 from row 4, columns 1–2; 2 and 5 from column 3, rows 5–6": a step's removals, by domino in the order first met. */
function removals(board: Board, step: Step): string {
  const byDomino = new Map<number, number[]>();
  for (const [d, v] of step.eliminated) {
    const vs = byDomino.get(d);
    if (vs === undefined) byDomino.set(d, [v]);
    else vs.push(v);
  }
  return list(
    [...byDomino].map(([d, vs]) => `${list(vs.map(String))} from ${dominoName(board, d)}`),
    'and',
    '; ',
  );
}

function reasonText(board: Board, r: Reason): string {
  const line = (l: number): string => lineName(board.rows, l);
  const dom = (d: number): string => `the domino at ${dominoName(board, d)}`;
  const doms = (ds: number[]): string =>
    `the dominoes at ${list(
      ds.map((d) => dominoName(board, d)),
      'and',
      '; ',
    )}`;
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
      const forced = r.chain.map(([d, v]) => `the domino at ${dominoName(board, d)} would hold ${v}`);
      const end =
        r.deadDomino !== undefined
          ? `the domino at ${dominoName(board, r.deadDomino)} would have no value left`
          : `${line(r.deadLine ?? 0)} would have fewer values left than dominoes`;
      return `If ${dom(r.domino)} held ${r.value}, then ${list([...forced, end], 'and', '; ')}; so it cannot hold ${r.value}`;
    }
  }
}

/** One sentence a step, for `grade --explain`. */
export function explainStep(board: Board, step: Step): string {
  const why = reasonText(board, step.reason);
  // Placements say what they place; the other techniques end on what they remove.
  return step.placed.length > 0 ? why : `${why} (removes ${removals(board, step)}).`;
}

export function explainSteps(board: Board, steps: readonly Step[]): string[] {
  return steps.map((s) => explainStep(board, s));
}
