// Sentences for people, and the replay of a log: one readable line per step naming dominoes
// and 1-based positions inside the board; a log that does not lay a legal solution replays to null.
import { describe, expect, it } from 'vitest';
import type { Board } from '../../../src/dominosa/board.js';
import { explainSteps, gradeBoard, replaySteps, type Step } from '../../../src/dominosa/grade/ladder.js';
import { uniqueBoards } from './helpers.js';

function board(grid: number[][]): Board {
  return { rows: grid.length, cols: grid[0].length, m: grid.length - 1, cells: Uint16Array.from(grid.flat()) };
}

describe('explainSteps', () => {
  it('tells the steps of a tiny board in words', () => {
    const b = board([
      [0, 0, 1],
      [1, 1, 0],
    ]);
    const r = gradeBoard(b, { log: true });
    expect(r.solved).toBe(true);
    const lines = explainSteps(b, r.log!);
    expect(lines[0]).toBe('The 0-0 domino has only one place left: row 1, columns 1–2.');
    expect(lines).toHaveLength(r.log!.length);
  });

  it('gives one sentence per step, naming dominoes and positions on the board, for every rule', () => {
    const rulesSeen = new Set<string>();
    for (let m = 3; m <= 9; m++) {
      for (const { board: b } of uniqueBoards(m, 12, 51)) {
        const r = gradeBoard(b, { log: true });
        const lines = explainSteps(b, r.log!);
        expect(lines).toHaveLength(r.log!.length);
        lines.forEach((line, i) => {
          const step = r.log![i];
          rulesSeen.add(step.rule);
          expect(line, step.rule).toMatch(/^\S.*\.$/);
          expect(line).not.toMatch(/undefined|NaN|null|\[object/);
          expect(line, line).toMatch(/\b\d+-\d+\b/);
          // Every row and column named lies on the board (1-based).
          for (const [, what, a, b2] of line.matchAll(/\b(rows?|columns?) (\d+)(?:–(\d+))?/g)) {
            const limit = what.startsWith('row') ? b.rows : b.cols;
            for (const v of [a, b2].filter((x) => x !== undefined).map(Number)) {
              expect(v).toBeGreaterThanOrEqual(1);
              expect(v).toBeLessThanOrEqual(limit);
            }
          }
        });
      }
    }
    expect(rulesSeen.size).toBeGreaterThanOrEqual(10);
  });
});

describe('replaySteps', () => {
  it('shows every value shifted by the shift asked (a pack printed 1..M+1), and nothing else', () => {
    // The same sentences as for a board whose values, and the values the reasons name, are one higher.
    const up = (key: string, v: unknown): unknown => {
      if (key === 'value') return (v as number) + 1;
      if (key === 'pair') return v === undefined ? v : (v as number[]).map((x) => x + 1);
      if (key === 'pairs') return (v as number[][]).map((p) => p.map((x) => x + 1));
      return v;
    };
    let compared = 0;
    for (let m = 3; m <= 9; m++) {
      for (const { board: b } of uniqueBoards(m, 6, 77)) {
        const log = gradeBoard(b, { log: true }).log!;
        const shiftedBoard: Board = { ...b, m: b.m + 1, cells: b.cells.map((v) => v + 1) };
        const shiftedLog = log.map(
          (st) =>
            ({ ...st, reason: Object.fromEntries(Object.entries(st.reason).map(([k, v]) => [k, up(k, v)])) }) as Step,
        );
        expect(explainSteps(b, log, 1)).toEqual(explainSteps(shiftedBoard, shiftedLog));
        expect(explainSteps(b, log, 1)).not.toEqual(explainSteps(b, log));
        compared += log.length;
      }
    }
    expect(compared).toBeGreaterThan(100);
  });

  it('refuses a log that skips a step, repeats a domino, or lays a ruled-out placement', () => {
    const [{ board: b, solution }] = uniqueBoards(6, 1, 52);
    const log = gradeBoard(b, { log: true }).log!;
    expect(replaySteps(b, log)).toEqual(solution);
    const laying = log.findIndex((s) => s.placed.length > 0);
    expect(
      replaySteps(
        b,
        log.filter((_, i) => i !== laying),
      ),
    ).toBeNull();
    const twice: Step[] = [...log, { ...log[laying] }];
    expect(replaySteps(b, twice)).toBeNull();
    const ruledOut: Step = {
      level: 2,
      rule: 'pairCrowdedOut',
      eliminated: [log[laying].placed[0]],
      placed: [],
      reason: { rule: 'pairCrowdedOut', placement: log[laying].placed[0], pair: [0, 0] },
    };
    expect(replaySteps(b, [ruledOut, ...log])).toBeNull();
  });
});
