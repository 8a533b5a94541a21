// A Sudomino puzzle pasted into the web page in the text form (rows of letters, digits and !, a
// "# values: N" line for N other than the default): read, proved to have exactly one solution,
// graded for its hints, and made a web puzzle as the exporter makes one.
import { pastedId, type Pasted } from '../../play/paste.js';
import { formatBoardError } from '../board.js';
import { LEVELS, Grader } from '../grade/ladder.js';
import { parseBoards } from '../parse.js';
import { Solver } from '../solve/solver.js';
import { techniqueOf } from '../formats/technique.js';
import { webBoard, type WebPuzzle } from './pack.js';
import { packSteps, type RuleEntry } from './steps.js';

/** A search budget for proving a pasted board's solution unique. */
const PASTE_MAX_NODES = 200_000;

/** Does the text hold a board row of Sudomino's text form (a letter or a !) outside comments? */
export function claimsSudomino(text: string): boolean {
  return text.split('\n').some((l) => !l.trim().startsWith('#') && /[!A-Za-z]/.test(l));
}

/**
 * The puzzle a pasted board spells, numbered `number`, its steps indexed into `rules` (which
 * grows); null when the text is not a Sudomino board.
 */
export function pasteSudomino(text: string, rules: RuleEntry[], number: number): Pasted<WebPuzzle> {
  if (!claimsSudomino(text)) return null;
  const boards = parseBoards(text);
  if (boards.length === 0) return { ok: false, error: 'no Sudomino board in the text' };
  if (boards.length > 1)
    return { ok: false, error: `the text holds ${boards.length} boards (blank lines part them): paste one` };
  const read = boards[0];
  if (!read.ok) return { ok: false, error: `not a Sudomino board: ${formatBoardError(read.error)}` };
  const rows = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
  const id = pastedId(text.trim());
  // Read back from its own rows, as the page reads every Sudomino puzzle.
  const board = webBoard({ board: rows, values: read.board.values, id });
  const proof = new Solver().solve(board, { cap: 2, maxNodes: PASTE_MAX_NODES });
  if (proof.status === 'gave-up')
    return { ok: false, error: `this board is too hard to prove in the page (over ${PASTE_MAX_NODES} search nodes)` };
  if (proof.solutions === 0 || proof.solution === null)
    return { ok: false, error: 'this board has no solution: its givens leave some domino no number' };
  if (proof.solutions > 1)
    return {
      ok: false,
      error: 'this board has more than one solution, so hints and checks cannot tell right from wrong',
    };
  const cellValues = proof.solution;
  const solution = Array.from({ length: board.given.length }, (_, d) => cellValues[board.cells[2 * d]]);
  const graded = new Grader().grade(board);
  const levelName = (level: number): string => LEVELS.find((l) => l.level === level)?.name ?? String(level);
  const level = LEVELS.find((l) => l.level === graded.level);
  return {
    ok: true,
    value: {
      kind: 'sudomino',
      id,
      number,
      shape: `${board.rows}x${board.cols}:${board.values}`,
      rows: board.rows,
      cols: board.cols,
      values: board.values,
      tier: graded.tier ?? 'pasted',
      ...(graded.status === 'solved' && level !== undefined
        ? { grade: level.name, technique: techniqueOf(level.level) ?? level.name }
        : {}),
      board: rows,
      solution,
      steps: packSteps(graded.steps, rules, levelName),
      ending: graded.status,
    },
  };
}
