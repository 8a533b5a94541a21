// Every proof audit and export run has a per-board budget (--time-limit, by default solve's): a
// row that fails its checksum is reported without being proved, and a board whose budget runs out
// (spent at once through the exhaust:proof fault point, so no test waits on the clock) is a failed
// check naming it, never a pass or a hang.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { gridText, solutionText } from '../../src/dominosa/stored.js';
import { proofBudget } from '../../pipeline/audit/proof-budget.js';
import { allKinds, kindNamed } from '../../src/kinds.js';
import { brickBoard } from '../helpers/boards.js';
import { checksumBlob, copyCatalog, editCatalog, freshCatalogs, hashOf } from '../helpers/catalog.js';
import { cli } from '../helpers/cli.js';

const fresh = freshCatalogs();
let base = '';

beforeAll(() => {
  base = fresh();
  const r = cli(['build', '--sizes', '3..4', '--per-tier', '2', '--variants', '1', '--jobs', '1', '--db', base]);
  expect(r.code, r.stderr).toBe(0);
});

/** A copy of the base catalog with one M=400 row added by hand (its checksum `checksum`, else sound) and a threshold row for it. */
function withLargeRow(checksum: 'bad' | 'sound'): { path: string; id: number } {
  const path = copyCatalog(base, fresh());
  const b = brickBoard(400, 3);
  const solution: [number, number, number, number][] = [];
  for (let a = 0; a < b.cells.length; a += 2)
    solution.push([Math.floor(a / b.cols), a % b.cols, Math.floor(a / b.cols), (a % b.cols) + 1]);
  const row = {
    kind: 'dominosa' as const,
    m: 400,
    rows: b.rows,
    cols: b.cols,
    grid: gridText(b),
    solution: solutionText(solution, b.rows, b.cols),
    tier: 'easy',
    nodes: 1,
    score: 1,
    attempts: 1,
    canonical_hash: hashOf('h400'),
    transform: null,
    seed: 7,
    slot: 0,
    method: 'rejection',
  };
  let id = 0;
  editCatalog(path, (d) => {
    const sum = checksum === 'bad' ? Buffer.alloc(32) : checksumBlob(row);
    id = Number(
      d
        .prepare(
          'INSERT INTO puzzles (kind, m, rows, cols, grid, solution, tier, nodes, score, attempts, canonical_hash, base_id, transform, seed, slot, method, build_id, checksum) VALUES (@kind, @m, @rows, @cols, @grid, @solution, @tier, @nodes, @score, @attempts, @canonical_hash, NULL, @transform, @seed, @slot, @method, NULL, @sum)',
        )
        .run({ ...row, canonical_hash: Buffer.from(row.canonical_hash, 'hex'), sum }).lastInsertRowid,
    );
    d.prepare(
      `INSERT INTO thresholds (build_id, kind, shape, measure, t1, t2, t3, solver_version) VALUES (NULL, 'dominosa', '400', 'nodes', 1, 2, 3, 'ref-2')`,
    ).run();
  });
  return { path, id };
}

const EXHAUST = { DOMINOSA_FAULT: 'exhaust:proof' };

describe('a large row whose checksum fails', () => {
  it('audit reports it without proving it: exit 1, naming the board', () => {
    const { path, id } = withLargeRow('bad');
    const r = cli(['audit', '--jobs', '1', '--json', '--db', path]);
    expect(r.code, r.stderr).toBe(1);
    const rep = JSON.parse(r.stdout) as { failures: { kind: string; puzzleId: number | null }[] };
    const own = rep.failures.filter((f) => f.puzzleId === id).map((f) => f.kind);
    expect(own).toContain('checksum-mismatch');
    expect(own).not.toContain('gave-up');
  });

  it('export refuses the pack at once: exit 1, naming the board', () => {
    const { path, id } = withLargeRow('bad');
    const r = cli(['export', '--sizes', '400', '--db', path, '--out', join(path, '..', 'x.jsonl')]);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`^dominosa: puzzle ${id} fails its checks \\(checksum-mismatch: [^\\n]*\\n$`));
  });
});

describe('a proof that runs out of budget', () => {
  it('audit fails every board whose budget is spent as gave-up, naming the budget, and passes them with it unspent', () => {
    const ok = cli(['audit', '--jobs', '1', '--time-limit', '30', '--db', base]);
    expect(ok.code, ok.stdout + ok.stderr).toBe(0);
    const r = cli(['audit', '--jobs', '1', '--json', '--time-limit', '2.5', '--db', base], { env: EXHAUST });
    expect(r.code, r.stderr).toBe(1);
    const rep = JSON.parse(r.stdout) as {
      puzzles: number;
      failures: { kind: string; puzzleId: number | null; detail: string }[];
    };
    const spent = rep.failures.filter((f) => f.kind === 'gave-up');
    expect(spent.length).toBe(rep.puzzles);
    for (const f of spent)
      expect(f.detail).toBe('gave up within the budget (time limit 2.5 s) before proving it unique');
    expect(rep.failures.filter((f) => f.kind !== 'gave-up')).toEqual([]);
  });

  it('a sound large row runs out too: audit names it, export refuses the pack naming it', () => {
    const { path, id } = withLargeRow('sound');
    const a = cli(['audit', '--jobs', '1', '--json', '--db', path], { env: EXHAUST });
    expect(a.code, a.stderr).toBe(1);
    const rep = JSON.parse(a.stdout) as { failures: { kind: string; puzzleId: number | null; detail: string }[] };
    expect(rep.failures.find((f) => f.puzzleId === id && f.kind === 'gave-up')?.detail).toBe(
      'gave up within the budget (time limit 10 s) before proving it unique',
    );
    const e = cli(
      ['export', '--sizes', '400', '--time-limit', '0.25', '--db', path, '--out', join(path, '..', 'y.jsonl')],
      { env: EXHAUST },
    );
    expect(e.code, e.stderr).toBe(1);
    expect(e.stderr).toBe(
      `dominosa: puzzle ${id} fails its checks (gave-up: gave up within the budget (time limit 0.25 s) before proving it unique); nothing was written (run dominosa audit --db ${path})\n`,
    );
  });

  it('--time-limit must be a number of seconds > 0, one line and exit 2', () => {
    for (const verb of ['audit', 'export']) {
      const r = cli([verb, '--time-limit', '0', '--db', base]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^dominosa: --time-limit must be a number of seconds > 0 \(got 0\)\n$/);
    }
  });
});

describe('proofBudget', () => {
  const at = (kind: string, m: number) => ({ kind, m, rows: m + 1, cols: m + 2 });

  it.each(allKinds().map((k) => [k.name, k] as const))(
    "of a %s board is its kind's default unless the user gives one",
    (name, kind) => {
      for (const m of [3, 30, 31, 400]) {
        const own = kind.checks.defaultTimeLimitMs(at(name, m));
        const b = proofBudget(kind.checks, at(name, m), undefined);
        expect(b.budget).toBe(Number.isFinite(own) ? `time limit ${own / 1000} s` : undefined);
        expect(b.interrupt === undefined).toBe(!Number.isFinite(own));
        expect(b.interrupt?.() ?? false).toBe(false);
        expect(proofBudget(kind.checks, at(name, m), 1500).budget).toBe('time limit 1.5 s');
      }
    },
  );

  it("of a Dominosa board is solve's by default: none up to M = 30, 10 s above", () => {
    const { checks } = kindNamed('dominosa');
    expect(proofBudget(checks, at('dominosa', 30), undefined)).toEqual({ interrupt: undefined, budget: undefined });
    expect(proofBudget(checks, at('dominosa', 31), undefined).budget).toBe('time limit 10 s');
    expect(proofBudget(checks, at('dominosa', 400), undefined).interrupt?.()).toBe(false);
  });
});
