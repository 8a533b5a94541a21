// `dominosa build --kind sudomino`, through the compiled CLI, what only Sudomino's build does (what
// every kind's build does alike is every-kind.test.ts's): every stored puzzle re-proves unique by
// both methods, its solution checks, its tier is its grade's, and a variant is its base under its
// transform with the base's grade; its level cuts recorded as thresholds; its build found again
// after tune's cuts; --time-limit and a rerun; and shards merged are the unsharded build.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedGrade } from '../../../src/sudomino/rank/stored.js';
import { TIER_RULE, aimOf } from '../../../src/sudomino/rank/catalog-rule.js';
import { tierFor } from '../../../src/dominosa/rank/tier-rule.js';
import { checkAnswer } from '../../../src/sudomino/solve/check.js';
import { countBySat } from '../../../src/sudomino/solve/satcount.js';
import { Solver } from '../../../src/sudomino/solve/solver.js';
import { boardFromStored, gridText, solutionFromStored } from '../../../src/sudomino/stored.js';
import { applyTransform, parseTransform, transformValues } from '../../../src/sudomino/transform.js';
import { copyCatalog, dumpCatalog, editAndReseal, type CatalogDump } from '../../helpers/catalog.js';
import { cli } from '../../helpers/cli.js';

const OPTS = [
  '--kind',
  'sudomino',
  '--sizes',
  '6x6:4,8x8:6',
  '--per-tier',
  '2',
  '--variants',
  '1',
  '--seed',
  '3',
  '--max-slots',
  '200',
  '--batch-size',
  '2',
];
const build = (db: string, ...extra: string[]) => cli(['build', ...OPTS, '--db', db, ...extra]);

let dir: string;
let whole: CatalogDump;
let said = '';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dominosa-sbuild-'));
  const r = build(join(dir, 'whole.sqlite'), '--jobs', '2');
  expect(r.code, r.stderr).toBe(0);
  said = r.stdout + r.stderr;
  whole = dumpCatalog(join(dir, 'whole.sqlite'));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function boardOf(grid: string, values: number) {
  const b = boardFromStored(grid, values);
  if (!b.ok) throw new Error(b.error);
  return b.board;
}

function valuesOf(text: string, rows: number, cols: number): Uint8Array {
  const s = solutionFromStored(text, rows, cols);
  if (!s.ok) throw new Error(s.error);
  return s.value;
}

describe('build --kind sudomino', () => {
  it('stores puzzles that re-prove unique by both methods, with their grade as their tier', () => {
    const solver = new Solver();
    for (const p of whole.puzzles) {
      expect(p.kind).toBe('sudomino');
      const board = boardOf(p.grid, p.m);
      const values = valuesOf(p.solution, p.rows, p.cols);
      expect(checkAnswer(board, values), `puzzle ${p.id}`).toBeNull();
      const proof = solver.solve(board);
      expect(proof.status, `puzzle ${p.id}`).toBe('unique');
      expect([...proof.solution!]).toEqual([...values]);
      expect(countBySat(board).status, `puzzle ${p.id}`).toBe('unique');
      const grade = storedGrade(board);
      expect(grade.tier).toBe(p.tier);
      expect(grade.score).toBe(p.score);
      // The recorded cuts give the same tier as the grade.
      expect(tierFor(p, TIER_RULE)).toBe(p.tier);
      // A kept base is its slot's aim.
      if (p.base_id === null) expect(p.tier).toBe(aimOf(p.slot));
    }
  });

  it("names each tier's grade in its summary, as the grader names the level", () => {
    for (const [tier, level] of [
      ['easy', 'singles'],
      ['normal', 'pairs'],
      ['hard', 'subsets'],
      ['expert', 'chains'],
    ])
      expect(said).toMatch(new RegExp(`\\n6x6:4 +${tier} +${level} +grade score `));
  });

  it('stores each variant as its base under its transform, sharing its grade and class', () => {
    const byId = new Map(whole.puzzles.map((p) => [p.id, p]));
    const variants = whole.puzzles.filter((p) => p.base_id !== null);
    expect(variants.length).toBeGreaterThan(0);
    for (const v of variants) {
      const base = byId.get(v.base_id!)!;
      const t = parseTransform(v.transform!, v.m);
      expect(t.ok).toBe(true);
      if (!t.ok) continue;
      const baseBoard = boardOf(base.grid, base.m);
      expect(gridText(applyTransform(baseBoard, t.transform))).toBe(v.grid);
      expect([
        ...transformValues(valuesOf(base.solution, base.rows, base.cols), base.rows, base.cols, base.m, t.transform),
      ]).toEqual([...valuesOf(v.solution, v.rows, v.cols)]);
      for (const k of ['tier', 'score', 'nodes', 'canonical_hash', 'slot', 'seed'] as const) expect(v[k]).toBe(base[k]);
      expect(storedGrade(boardOf(v.grid, v.m)).score).toBe(base.score);
    }
  });

  it("records the level cuts as the shapes' thresholds, under kind sudomino", () => {
    const current = whole.thresholds.filter((t) => t.build_id === null);
    expect(current.map((t) => [t.kind, t.shape, t.measure, t.t1, t.t2, t.t3])).toEqual([
      ['sudomino', '6x6:4', 'score', 2, 3, 4],
      ['sudomino', '8x8:6', 'score', 2, 3, 4],
    ]);
  });

  it("finds its build again once a shape's cuts were changed (as tune --apply changes them)", () => {
    const db = copyCatalog(join(dir, 'whole.sqlite'), join(dir, 'tuned.sqlite'));
    // Cuts that still give every stored grade its level's tier, so the rows stay as they are.
    editAndReseal(db, (d) =>
      d.prepare(`UPDATE thresholds SET t1 = 1.9, t2 = 2.9, t3 = 3.9 WHERE build_id IS NULL AND shape = '6x6:4'`).run(),
    );
    const r = build(db);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/already finished/);
    // Cuts that move stored rows out of their tier are a catalog changed behind the build's back.
    editAndReseal(db, (d) =>
      d.prepare(`UPDATE thresholds SET t1 = 1.2, t2 = 2.9, t3 = 3.9 WHERE build_id IS NULL AND shape = '6x6:4'`).run(),
    );
    const refused = build(db);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/6x6:4\) fails its checks \(tier-mismatch/);
  });

  it('stops at its --time-limit with exit 1, keeping the slots before it, and a rerun ends as the uninterrupted build', () => {
    const db = join(dir, 'timed.sqlite');
    // The time limit runs out at 6x6:4's slot 6 (a fault point), whatever the machine's speed.
    const timed = cli(['build', ...OPTS, '--db', db, '--jobs', '2', '--time-limit', '600'], {
      env: { DOMINOSA_FAULT: 'deadline:slot:6x6:4:6' },
    });
    expect(timed.code, timed.stderr).toBe(1);
    expect(timed.stderr).toMatch(/--time-limit of 600 s ran out/);
    expect(dumpCatalog(db).slots.map((s) => s.slot)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(build(db, '--jobs', '1').code).toBe(0);
    const resumed = dumpCatalog(db);
    expect([resumed.puzzles, resumed.slots]).toEqual([whole.puzzles, whole.slots]);
  });

  it('merges its shards into exactly the unsharded build', () => {
    const shards = [0, 1, 2].map((i) => join(dir, `shard-${i}.sqlite`));
    for (const [i, s] of shards.entries()) expect(build(s, '--jobs', '1', '--shard', `${i}/3`).code).toBe(0);
    const out = join(dir, 'merged.sqlite');
    // --kind, when given, must be the shards' own.
    const wrong = cli(['merge', out, ...shards, '--kind', 'dominosa']);
    expect([wrong.code, wrong.stderr]).toEqual([
      2,
      'dominosa: the shards hold a sudomino build, not dominosa; nothing was merged\n',
    ]);
    expect(existsSync(out)).toBe(false);
    const r = cli(['merge', out, shards[2], shards[0], shards[1], '--kind', 'sudomino']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/6x6:4: \d+ slots, 8 kept/);
    const merged = dumpCatalog(out);
    expect(merged.puzzles).toEqual(whole.puzzles);
    expect(merged.slots).toEqual(whole.slots);
    expect(merged.builds).toEqual(whole.builds);
    expect(merged.thresholds).toEqual(whole.thresholds);
    expect(build(out).stderr).toMatch(/already finished/);
  });
});
