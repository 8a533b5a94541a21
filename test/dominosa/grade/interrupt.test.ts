// The time budget inside the rules: every rule above level 3 polls the interrupt inside its long
// loops (Budget.tick), an interrupted rule deduces nothing, an interrupted grading says it
// gave up on time, and polls that never fire change no grade (checked against the grades the
// grader gave a fixed set of boards before the rules polled inside).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Board } from '../../../src/dominosa/board.js';
import {
  type GradeOptions,
  type GradeResult,
  Grader,
  LADDER,
  LEVELS,
  SEARCH_LEVEL,
} from '../../../src/dominosa/grade/ladder.js';
import type { GradeState } from '../../../src/dominosa/grade/state.js';
import { brickBoard } from '../../helpers/boards.js';

interface FixtureBoard {
  why: string;
  rows: number;
  cols: number;
  m: number;
  cells: string;
  options: Pick<GradeOptions, 'maxSearchNodes' | 'maxTrialWork'>;
  expect: { grade: string; level: number } & Record<string, unknown>;
}

const fixture = JSON.parse(
  readFileSync(new URL('../../fixtures/grades/before-rule-polls.json', import.meta.url), 'utf8'),
) as { boards: FixtureBoard[] };
const boardOf = (e: FixtureBoard): Board => ({
  rows: e.rows,
  cols: e.cols,
  m: e.m,
  cells: Uint16Array.from(e.cells.split(',').map(Number)),
});

/** What the fixture keeps of a grading: the result's fields, the rules used, and the log hashed. */
function summary(r: GradeResult): Record<string, unknown> {
  const steps = Object.fromEntries(Object.entries(r.steps).filter(([, v]) => v > 0));
  const log =
    r.log === undefined ? undefined : createHash('sha256').update(JSON.stringify(r.log)).digest('hex').slice(0, 16);
  return {
    grade: r.grade,
    level: r.level,
    score: r.score,
    nodes: r.nodes,
    solved: r.solved,
    limit: r.limit,
    steps,
    log,
  };
}

const levelOf = (name: string): number => LEVELS.find((l) => l.name === name)!.level;

describe('polls that never fire', () => {
  it('change no grade: the fixture boards grade as before, with no interrupt and with one that never fires', () => {
    const grader = new Grader();
    const levels = new Set<string>();
    for (const e of fixture.boards) {
      const board = boardOf(e);
      levels.add(e.expect.grade);
      expect({
        why: e.why,
        ...summary(grader.grade(board, { ...e.options, log: true, interrupt: () => false })),
      }).toEqual({ why: e.why, ...e.expect });
      const { log: _, ...plain } = e.expect;
      expect({ why: e.why, ...summary(grader.grade(board, e.options)) }).toEqual({
        why: e.why,
        ...plain,
        log: undefined,
      });
    }
    // Every level is in the fixture, each rule above level 3 included.
    expect(levels.size).toBe(LEVELS.length);
  });
});

describe('an interrupted rule', () => {
  it('deduces nothing: each rule above level 3, stopped at its first or third poll, returns false and leaves the position as it was', () => {
    const grader = new Grader();
    const interrupted = new Map<string, number>();
    const fingerprint = (g: GradeState): number[] => {
      let live = 0;
      for (let p = 0; p < g.model.nPlacements; p++) live += g.live[p];
      return [g.trailLen, g.placedLen, g.changes.length, live, g.trial ? 1 : 0];
    };
    for (const k of [0, 1]) {
      const board = brickBoard(40, 1515 + k);
      for (const level of [...new Set(LADDER.map((r) => r.level))].filter((l) => l >= levelOf('parity'))) {
        let fresh = true;
        for (const rule of LADDER.filter((r) => r.level === level)) {
          for (const at of [1, 3]) {
            // The position the rule meets: every level below it done (search given no nodes).
            if (fresh) grader.grade(board, { maxLevel: level - 1, maxSearchNodes: 0 });
            const g = grader.state;
            g.budget.gaveUp = false;
            g.budget.maxNodes = Infinity;
            g.budget.maxTrialWork = Infinity;
            let polls = 0;
            g.budget.interrupt = () => ++polls >= at;
            const before = fingerprint(g);
            const fired = rule.apply(g);
            fresh = !g.budget.outOfTime;
            if (g.budget.outOfTime) {
              expect({ rule: rule.name, fired, position: fingerprint(g), gaveUp: g.budget.gaveUp }).toEqual({
                rule: rule.name,
                fired: false,
                position: before,
                gaveUp: true,
              });
              interrupted.set(rule.name, (interrupted.get(rule.name) ?? 0) + 1);
              g.budget.outOfTime = false;
            }
          }
        }
      }
    }
    // Each of them ran long enough at M = 40 to be stopped inside.
    for (const rule of LADDER.filter((r) => r.level >= levelOf('parity')))
      expect([rule.name, interrupted.get(rule.name) ?? 0]).not.toEqual([rule.name, 0]);
  });
});

describe('an interrupted grading', () => {
  it('gives up on time whichever poll stops it, and a budget beyond its last poll changes nothing', () => {
    const grader = new Grader();
    // One board of M ≥ 12 per grade from parity up, and a brick deal the node budget cuts short.
    const picks = [
      ...new Map(
        fixture.boards.filter((e) => e.m >= 12 && e.expect.level >= levelOf('parity')).map((e) => [e.expect.grade, e]),
      ).values(),
    ];
    picks.push(fixture.boards.find((e) => e.why.startsWith('brick deal 0 M=24'))!);
    expect(picks.length).toBeGreaterThanOrEqual(5);
    for (const e of picks) {
      const board = boardOf(e);
      let total = 0;
      const full = grader.grade(board, { ...e.options, interrupt: () => (total++, false) });
      for (const at of new Set([1, 2, Math.ceil(total / 3), Math.ceil((2 * total) / 3), total])) {
        let polls = 0;
        const cut = grader.grade(board, { ...e.options, interrupt: () => ++polls >= at });
        expect({
          why: e.why,
          at,
          polls,
          solved: cut.solved,
          limit: cut.limit,
          level: cut.level,
          solution: cut.solution,
        }).toEqual({
          why: e.why,
          at,
          polls: at,
          solved: false,
          limit: 'time',
          level: SEARCH_LEVEL,
          solution: null,
        });
      }
      let polls = 0;
      const beyond = grader.grade(board, { ...e.options, interrupt: () => ++polls > total });
      expect(beyond).toEqual(full);
    }
  });
});
