// The Sudomino solver: the source document's board and its one solution, and agreement with the
// independent count by satisfiability (satcount.ts) on random boards of every outcome.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseBoards } from '../../src/sudomino/parse.js';
import { formatAnswer, parseAnswer } from '../../src/sudomino/formats/text.js';
import { Solver } from '../../src/sudomino/solve/solver.js';
import { countBySat } from '../../src/sudomino/solve/satcount.js';
import { checkAnswer } from '../../src/sudomino/solve/check.js';
import { randomBoard } from '../../src/sudomino/make/random-board.js';
import { derive } from '../../src/rng.js';
import type { Board } from '../../src/sudomino/board.js';

const FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'sudomino', 'document.txt');
export const DOCUMENT_ANSWER =
  '6 6 1 1 3 3 2 2 / 2 2 3 5 5 6 1 4 / 5 . 3 . 2 6 1 4 / 5 4 6 6 2 1 3 3 / . 4 2 2 . 1 . 5 / 1 1 . 3 4 2 6 5 / . 5 5 3 4 2 6 1 / 3 3 4 4 . 5 5 1';

function documentBoard(): Board {
  const [r] = parseBoards(readFileSync(FIXTURE, 'utf8'));
  if (!r.ok) throw new Error(r.error.message);
  return r.board;
}

describe('the source document board', () => {
  it('has 28 dominoes, 6 given, 8 blocked cells', () => {
    const b = documentBoard();
    expect(b.given.length).toBe(28);
    expect(b.given.filter((g) => g > 0).length).toBe(6);
    expect(b.domino.filter((d) => d < 0).length).toBe(8);
  });

  it('is unique, and both methods find exactly the document solution', () => {
    const b = documentBoard();
    const ours = new Solver().solve(b);
    const sat = countBySat(b);
    expect(ours.status).toBe('unique');
    expect(sat.status).toBe('unique');
    expect(formatAnswer(b.cols, ours.solution!)).toBe(DOCUMENT_ANSWER);
    expect(formatAnswer(b.cols, sat.solution!)).toBe(DOCUMENT_ANSWER);
    const read = parseAnswer(DOCUMENT_ANSWER);
    expect(read.ok && checkAnswer(b, read.values)).toBeNull();
  });

  it('has more than one solution with a given taken away that the proof needs', () => {
    const b = documentBoard();
    const given = b.given;
    const solver = new Solver();
    // Some given must matter: with none left the board has many solutions.
    given.fill(0);
    expect(solver.solve(b).status).toBe('multiple');
    expect(countBySat(b).status).toBe('multiple');
  });

  it('gives up within a node budget and under an interrupt, without a wrong answer', () => {
    const b = documentBoard();
    b.given.fill(0);
    const solver = new Solver();
    const byNodes = solver.solve(b, { maxNodes: 1, cap: 1000 });
    expect(byNodes.status).toBe('gave-up');
    expect(byNodes.limit).toBe('nodes');
    const byTime = solver.solve(b, { interrupt: () => true, cap: 100_000 });
    expect(byTime.status).toBe('gave-up');
    expect(byTime.limit).toBe('time');
    const byCap = solver.solve(b, { cap: 1 });
    expect(byCap.status).toBe('gave-up');
    expect(byCap.limit).toBe('cap');
    expect(checkAnswer(b, byCap.solution!)).toBeNull();
  });
});

const shapes = fc.record({
  rows: fc.integer({ min: 1, max: 6 }),
  cols: fc.integer({ min: 2, max: 6 }),
  values: fc.integer({ min: 2, max: 6 }),
});

describe('the solver and the SAT count agree', () => {
  it('on random boards with one, several and no solutions', () => {
    const seen = { unique: 0, multiple: 0, none: 0 };
    const solver = new Solver();
    fc.assert(
      fc.property(
        shapes,
        fc.constantFrom('shown' as const, 'noise' as const),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.nat(),
        (shape, mode, share, seed) => {
          const b = randomBoard(shape, mode, share, derive(seed, 29));
          const ours = solver.solve(b);
          const sat = countBySat(b);
          expect(ours.status).toBe(sat.status);
          expect(ours.solutions).toBe(sat.solutions);
          if (ours.solution !== null) expect(checkAnswer(b, ours.solution)).toBeNull();
          if (ours.status === 'unique') expect(Array.from(ours.solution!)).toEqual(Array.from(sat.solution!));
          if (ours.status !== 'gave-up') seen[ours.status]++;
        },
      ),
      { numRuns: 10_000, seed: 2029 },
    );
    // The run must have met every outcome, or it checked less than it claims.
    expect(seen.unique).toBeGreaterThan(200);
    expect(seen.multiple).toBeGreaterThan(200);
    expect(seen.none).toBeGreaterThan(200);
  });
});
