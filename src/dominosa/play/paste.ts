// A Dominosa puzzle pasted into the web page as Simon Tatham's descriptive game ID ("6:0123..."):
// read, proved to have exactly one solution, graded for its hints, and made a web puzzle as the
// exporter makes one (the grader's steps packed against the page's table of rules).
import { pastedId, type Pasted } from '../../play/paste.js';
import { parseTathamId } from '../formats/tatham-read.js';
import { DEFAULT_MAX_SEARCH_NODES, gradeBoard, LEVELS } from '../grade/ladder.js';
import { isGuess } from '../grade/step.js';
import { bandOfLevel, techniqueOf } from '../rank/bands.js';
import { Solver } from '../solve/solver.js';
import { placementOfDomino } from './geometry.js';
import type { WebPuzzle } from './pack.js';
import { packSteps, type RuleEntry } from './steps.js';

/** A search budget for proving a pasted board's solution unique: ample for the sizes people play. */
const PASTE_MAX_NODES = 200_000;

/** Does the text look like a game ID ("6:…", or a random-seed "6#…")? Only then is it Dominosa's. */
export function claimsDominosa(text: string): boolean {
  return /^\s*\d+\s*[:#]/.test(text);
}

/**
 * The puzzle a pasted game ID spells, numbered `number`, its steps indexed into `rules` (which
 * grows); null when the text is not a game ID.
 */
export function pasteDominosa(text: string, rules: RuleEntry[], number: number): Pasted<WebPuzzle> {
  if (!claimsDominosa(text)) return null;
  const read = parseTathamId(text);
  if (!read.ok) return { ok: false, error: read.error };
  const board = read.board;
  const proof = new Solver().solve(board, { cap: 2, maxNodes: PASTE_MAX_NODES });
  if (proof.status === 'gave-up')
    return { ok: false, error: `this game ID is too hard to prove in the page (over ${PASTE_MAX_NODES} search nodes)` };
  if (proof.solutions === 0 || proof.solution === null)
    return { ok: false, error: 'this game ID has no solution: no way to lay every domino once' };
  if (proof.solutions > 1)
    return {
      ok: false,
      error: 'this game ID has more than one solution, so hints and checks cannot tell right from wrong',
    };
  const graded = gradeBoard(board, { log: true, maxSearchNodes: DEFAULT_MAX_SEARCH_NODES });
  const log = graded.log ?? [];
  const guess = log.findIndex(isGuess);
  const steps = guess < 0 ? log : log.slice(0, guess);
  const levelName = (level: number): string => LEVELS.find((l) => l.level === level)?.name ?? String(level);
  return {
    ok: true,
    value: {
      kind: 'dominosa',
      id: pastedId(text.trim()),
      number,
      m: board.m,
      rows: board.rows,
      cols: board.cols,
      tier: (graded.solved ? bandOfLevel(graded.level) : null) ?? 'pasted',
      ...(graded.solved ? { grade: graded.grade, technique: techniqueOf(graded.level) ?? graded.grade } : {}),
      values: Array.from(board.cells),
      solution: proof.solution.map((d) => placementOfDomino(board, d)).sort((a, b) => a - b),
      steps: packSteps(board, steps, rules, levelName),
      ending: guess < 0 && graded.solved ? 'solved' : 'gave-up',
    },
  };
}
