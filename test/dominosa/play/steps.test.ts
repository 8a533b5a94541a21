// The grader's log packed for the web pack and read back: the same steps, worded the same, in
// a fraction of the space the sentences take.
import { describe, expect, it } from 'vitest';
import { explainSteps, gradeBoard, LEVELS, replaySteps } from '../../../src/dominosa/grade/ladder.js';
import { packSteps, stepCells, toGraderStep, unpackStep, type RuleEntry } from '../../../src/dominosa/play/steps.js';
import { uniqueBoards } from '../grade/helpers.js';

const levelName = (n: number): string => LEVELS.find((l) => l.level === n)!.name;

describe('packSteps and unpackStep', () => {
  it('give back every step of the grader, for every rule, worded as the grader words it', () => {
    const rules: RuleEntry[] = [];
    let packedChars = 0;
    let wordChars = 0;
    for (let m = 3; m <= 9; m++) {
      for (const { board, solution } of uniqueBoards(m, 6, 77)) {
        const log = gradeBoard(board, { log: true }).log!;
        const packed = packSteps(board, log, rules, levelName);
        const back = packed.map((s) => toGraderStep(board, unpackStep(board, rules, s)));
        expect(back).toEqual(log);
        expect(explainSteps(board, back)).toEqual(explainSteps(board, log));
        expect(replaySteps(board, back)).toEqual(solution);
        packedChars += JSON.stringify(packed).length;
        wordChars += explainSteps(board, log).join('\n').length;
      }
    }
    expect(new Set(rules.map(([name]) => name)).size).toBe(rules.length);
    expect(rules.length).toBeGreaterThanOrEqual(8);
    for (const [name, level, n] of rules) expect([name, level]).toEqual([name, levelName(n)]);
    expect(packedChars).toBeLessThan(wordChars / 2);
  });

  it('highlight the cells a step names and the dominoes it lays, all on the board', () => {
    const rules: RuleEntry[] = [];
    for (const { board } of uniqueBoards(6, 6, 5)) {
      const log = gradeBoard(board, { log: true }).log!;
      for (const s of packSteps(board, log, rules, levelName)) {
        const h = unpackStep(board, rules, s);
        const cells = stepCells(board, h);
        expect(cells.length).toBeGreaterThan(0);
        for (const c of cells) expect(c >= 0 && c < board.rows * board.cols).toBe(true);
        for (const p of h.placed) expect(cells).toContain(p >> 1);
      }
    }
  });

  it('carry the Extreme and lookahead rules too: packed, worded and highlighted like the rest', () => {
    // Deals of M = 4..9 until each of Tatham's forcing-chain rules and the lookahead has been
    // seen (the level-6 set rules are older and rare on the ladder: none in 360 such deals).
    const wanted = new Set<string>(['chainRepeatsPair', 'chainStarvesCell', 'pairInBothChains', 'lookaheadRefutes']);
    const seen = new Set<string>();
    const rules: RuleEntry[] = [];
    for (let m = 4; m <= 9 && seen.size < wanted.size; m++) {
      for (const { board, solution } of uniqueBoards(m, 60, 600 + m)) {
        const log = gradeBoard(board, { log: true }).log!;
        if (!log.some((s) => wanted.has(s.rule) && !seen.has(s.rule))) continue;
        const packed = packSteps(board, log, rules, levelName);
        const back = packed.map((s) => unpackStep(board, rules, s));
        expect(back.map((h) => toGraderStep(board, h))).toEqual(log);
        expect(
          replaySteps(
            board,
            back.map((h) => toGraderStep(board, h)),
          ),
        ).toEqual(solution);
        const words = explainSteps(board, log);
        for (let i = 0; i < log.length; i++) {
          if (!wanted.has(log[i].rule)) continue;
          seen.add(log[i].rule);
          expect(words[i], log[i].rule).toMatch(/^[A-Z0-9].*[.)]$/);
          expect(words[i], log[i].rule).not.toMatch(/undefined|NaN|\[object/);
          expect(stepCells(board, back[i]).length, log[i].rule).toBeGreaterThan(0);
        }
      }
    }
    expect([...seen].sort()).toEqual([...wanted].sort());
  });
});
