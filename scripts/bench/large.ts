// The large-board sections of `npm run bench`: the independent proof per method and size (where
// dancing links stops paying and clause learning takes over), audit and export of an M = 50/100
// catalog end to end, and how far past a time budget each verb runs (solve and grade up to M = 400,
// each grading rule above level 3 at M = 400, generate and build at the largest sizes they take).
// Numbers and ratios to the targets of issue 15; nothing fails on them.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Board, formatBoardText } from '../../src/dominosa/board.js';
import { Grader, LADDER, LEVELS } from '../../src/dominosa/grade/ladder.js';
import { dealOnto } from '../../src/dominosa/make/deal.js';
import { Generator } from '../../src/dominosa/make/generator.js';
import { derive } from '../../src/rng.js';
import { countExactCover } from '../../src/dominosa/solve/exactcover.js';
import { EXACT_COVER_NODES, proveIndependently } from '../../src/dominosa/solve/independent.js';
import { countBySat } from '../../src/dominosa/solve/satproof.js';
import { Solver } from '../../src/dominosa/solve/solver.js';

export interface ProofRow {
  m: number;
  boards: number;
  /** Median and largest ms per board of each method; exact cover within its node budget (gave-up counted). */
  exactCover: { medianMs: number; maxMs: number; gaveUp: number } | null;
  sat: { medianMs: number; maxMs: number };
  independent: { medianMs: number; maxMs: number };
  propagation: { medianMs: number; maxMs: number };
  target?: { medianMs: number; maxMs: number };
}

export interface CatalogRun {
  what: string;
  seconds: number;
  targetSeconds?: number;
}

export interface BudgetRow {
  what: string;
  limitMs: number;
  /** Time past the budget (in-process: from the deadline; CLI: wall minus limit minus the start-up of a tiny run). */
  overMs: number;
  targetOverMs: number;
}

const TARGETS: Record<number, { medianMs: number; maxMs: number }> = {
  50: { medianMs: 1000, maxMs: 10_000 },
  100: { medianMs: 5000, maxMs: 30_000 },
};

function stats(xs: number[]): { medianMs: number; maxMs: number } {
  const s = [...xs].sort((a, b) => a - b);
  return { medianMs: s[Math.floor(s.length / 2)], maxMs: s[s.length - 1] };
}

function timeMs(f: () => unknown): number {
  const t0 = performance.now();
  f();
  return performance.now() - t0;
}

function fmt(x: number): string {
  return x >= 100 ? x.toFixed(0) : x >= 1 ? x.toFixed(1) : x.toFixed(2);
}

/** A deal onto rows of horizontal dominoes (quick at any size; M even gives an even row). */
function brickDeal(m: number, k: number): Board {
  const rows = m + 1;
  const cols = m + 2;
  const mate = Int32Array.from({ length: rows * cols }, (_, a) => a ^ 1);
  const cells = Uint16Array.from(dealOnto(mate, rows, cols, m, derive(15, m, k), { avoidSquares: false }));
  return { rows, cols, m, cells };
}

/** Per size: unique boards from the generator, each proved by every method. */
export function proofTable(quick: boolean): ProofRow[] {
  const sizes = quick ? [9, 15, 30, 50] : [6, 9, 12, 15, 20, 30, 50, 100];
  const gen = new Generator();
  const solver = new Solver();
  // Warm every method up on small boards first, so the first size does not pay for compilation.
  for (let k = 0; k < 20; k++) {
    const r = gen.generateSlot(3, 9, k);
    if (r.ok) {
      countExactCover(r.puzzle.board);
      countBySat(r.puzzle.board);
    }
  }
  const rows: ProofRow[] = [];
  console.log('\nIndependent proof per board, ms (median / max; exact cover within its node budget up to M = 20)');
  console.log('   M  boards  exact cover (gave up)   clause learning   independent   propagation   target');
  for (const m of sizes) {
    const count = m <= 20 ? (quick ? 10 : 40) : m === 30 ? (quick ? 6 : 20) : m === 50 ? (quick ? 4 : 12) : 4;
    const dlx: number[] = [];
    const sat: number[] = [];
    const ind: number[] = [];
    const prop: number[] = [];
    let gaveUp = 0;
    for (let k = 0; k < count; k++) {
      const r = gen.generateSlot(2026, m, k);
      if (!r.ok) continue;
      const b = r.puzzle.board;
      if (m <= 20) {
        dlx.push(
          timeMs(() => {
            if (countExactCover(b, { maxNodes: EXACT_COVER_NODES }).status === 'gave-up') gaveUp++;
          }),
        );
      }
      sat.push(timeMs(() => countBySat(b)));
      ind.push(timeMs(() => proveIndependently(b)));
      prop.push(timeMs(() => solver.solve(b, { solution: false })));
    }
    const row: ProofRow = {
      m,
      boards: sat.length,
      exactCover: dlx.length > 0 ? { ...stats(dlx), gaveUp } : null,
      sat: stats(sat),
      independent: stats(ind),
      propagation: stats(prop),
      target: TARGETS[m],
    };
    rows.push(row);
    const pair = (x: { medianMs: number; maxMs: number }): string => `${fmt(x.medianMs)} / ${fmt(x.maxMs)}`;
    const ec = row.exactCover ? `${pair(row.exactCover)} (${gaveUp})` : '-';
    const t = row.target
      ? `${pair(row.target)} (${(row.independent.medianMs / row.target.medianMs).toFixed(2)}× / ${(row.independent.maxMs / row.target.maxMs).toFixed(2)}×)`
      : '';
    console.log(
      `${String(m).padStart(4)}  ${String(row.boards).padStart(6)}  ${ec.padStart(21)}  ${pair(row.sat).padStart(16)}  ${pair(row.independent).padStart(12)}  ${pair(row.propagation).padStart(12)}   ${t}`,
    );
  }
  return rows;
}

function run(cli: string, args: string[]): number {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [cli, ...args], { maxBuffer: 1 << 30, encoding: 'utf8' });
  const s = (performance.now() - t0) / 1000;
  if (r.status !== 0) throw new Error(`dominosa ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return s;
}

/** A catalog of 12 M = 50 and 4 M = 100 base puzzles with a variant each: built, audited, exported. */
export function catalogRuns(root: string, quick: boolean): CatalogRun[] {
  const cli = join(root, 'dist', 'scripts', 'cli.js');
  const dir = mkdtempSync(join(tmpdir(), 'dominosa-bench-large-'));
  const db = join(dir, 'large.sqlite');
  const out: CatalogRun[] = [];
  const note = (what: string, seconds: number, targetSeconds?: number): void => {
    out.push({ what, seconds, targetSeconds });
    const t =
      targetSeconds === undefined
        ? ''
        : ` (target ≤ ${targetSeconds} s, ${(seconds / targetSeconds).toFixed(2)}× target)`;
    console.log(`  ${what}: ${seconds.toFixed(1)} s${t}`);
  };
  try {
    console.log(
      `\nA catalog of ${quick ? '4 M = 50' : '12 M = 50 and 4 M = 100'} base puzzles, 1 variant each (wall, child processes)`,
    );
    note(
      'build M = 50',
      run(cli, [
        'build',
        '--sizes',
        '50',
        '--per-tier',
        quick ? '1' : '3',
        '--variants',
        '1',
        '--jobs',
        '2',
        '--db',
        db,
      ]),
    );
    // A second build into a finished catalog adds to it only with --extend (one build key otherwise).
    if (!quick)
      note(
        'build M = 100',
        run(cli, [
          'build',
          '--sizes',
          '100',
          '--per-tier',
          '1',
          '--variants',
          '1',
          '--jobs',
          '2',
          '--extend',
          '--db',
          db,
        ]),
      );
    note('audit --jobs 1', run(cli, ['audit', '--db', db, '--jobs', '1']));
    note('audit --jobs 2', run(cli, ['audit', '--db', db, '--jobs', '2']), quick ? undefined : 60);
    // Export proves again what has no recorded verdict; --record stores them, and --recheck ignores them.
    const exportArgs = (format: string, name: string): string[] => [
      'export',
      '--db',
      db,
      '--format',
      format,
      '--sizes',
      '50',
      '--count',
      '1',
      '--out',
      join(dir, name),
    ];
    const unrecorded = run(cli, exportArgs('html', 'unrecorded.html'));
    note('export --format html --sizes 50 --count 1, no verdicts recorded', unrecorded);
    note('audit --jobs 2 --record', run(cli, ['audit', '--db', db, '--jobs', '2', '--record']));
    for (const format of ['pdf', 'html']) {
      const s = run(cli, exportArgs(format, `one.${format}`));
      note(`export --format ${format} --sizes 50 --count 1, verdicts recorded`, s);
      if (format === 'html') console.log(`    ${(unrecorded / s).toFixed(1)}× faster than with none recorded`);
    }
    note(
      'export --format html --sizes 50 --count 1 --recheck',
      run(cli, [...exportArgs('html', 'recheck.html'), '--recheck']),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return out;
}

/** How far past its time budget a solve or a grading runs, in this process and through the CLI. */
export function budgetTable(root: string, quick: boolean): BudgetRow[] {
  const rows: BudgetRow[] = [];
  const note = (what: string, limitMs: number, overMs: number): void => {
    rows.push({ what, limitMs, overMs, targetOverMs: 100 });
    console.log(
      `  ${what.padEnd(52)} limit ${String(limitMs).padStart(5)} ms   over by ${fmt(overMs).padStart(6)} ms   (target ≤ 100 ms, ${(overMs / 100).toFixed(2)}× target)`,
    );
  };
  console.log('\nTime budgets: time past the limit');
  const solver = new Solver();
  const grader = new Grader();
  const sizes = quick ? [100, 400] : [100, 200, 400];
  for (const m of sizes) {
    const b = brickDeal(m, 1);
    for (const limitMs of [100, 1000]) {
      let deadline = 0;
      const clock = (): boolean => performance.now() > deadline;
      deadline = performance.now() + limitMs;
      const r = solver.solve(b, { interrupt: clock, solution: false });
      const end = performance.now();
      note(
        `solve, M = ${m} deal (${r.status}${r.limit ? `: ${r.limit}` : ''})`,
        limitMs,
        r.limit === 'time' ? end - deadline : 0,
      );
      deadline = performance.now() + limitMs;
      const g = grader.grade(b, { interrupt: clock });
      note(
        `grade, M = ${m} deal (${g.solved ? 'solved' : `unsolved${g.limit ? `: ${g.limit}` : ''}`})`,
        limitMs,
        g.limit === 'time' ? performance.now() - deadline : 0,
      );
    }
  }
  // One application of each rule above level 3, on an M = 400 deal at its level-3 fixpoint (the
  // position a grading of it reaches them in), under a 100 ms limit: how far past it the rule stops.
  {
    const parity = LEVELS.find((l) => l.name === 'parity')!.level;
    const b = brickDeal(400, 1);
    let deadline = Infinity;
    grader.grade(b, { maxLevel: parity - 1, maxSearchNodes: 0, interrupt: () => performance.now() > deadline });
    const g = grader.state;
    for (const rule of LADDER.filter((r) => r.level >= parity)) {
      g.budget.gaveUp = false;
      g.budget.outOfTime = false;
      g.budget.maxNodes = Infinity;
      deadline = performance.now() + 100;
      const fired = rule.apply(g);
      note(
        `rule ${rule.name}, M = 400 (${g.budget.outOfTime ? 'stopped' : fired ? 'fired' : 'nothing'})`,
        100,
        Math.max(0, performance.now() - deadline),
      );
    }
  }
  // Generation in this process: one slot at M = 200 (the largest generate and build take) and 400.
  {
    const gen = new Generator();
    for (const m of [200, 400]) {
      for (const limitMs of [100, 1000]) {
        let worst = 0;
        for (let k = 0; k < (quick ? 2 : 4); k++) {
          const deadline = performance.now() + limitMs;
          const r = gen.generateSlot(1, m, k, { interrupt: () => performance.now() > deadline });
          if (!r.ok && r.timedOut) worst = Math.max(worst, performance.now() - deadline);
        }
        note(`generate slot, M = ${m} (worst of ${quick ? 2 : 4} slots)`, limitMs, worst);
      }
    }
  }
  // Through the CLI: wall time minus the limit minus the same run with a one-node budget (start-up, parse, load).
  const cli = join(root, 'dist', 'scripts', 'cli.js');
  const dir = mkdtempSync(join(tmpdir(), 'dominosa-bench-budget-'));
  try {
    verbBudgets(cli, dir, quick, note);
    for (const m of quick ? [400] : [200, 400]) {
      const file = join(dir, `m${m}.txt`);
      writeFileSync(file, formatBoardText(brickDeal(m, 2)) + '\n');
      // JSON lines, with room for the whole board: the text form would draw it.
      const start = spawnSync(process.execPath, [cli, 'solve', file, '--format', 'jsonl', '--time-limit', '0.001'], {
        encoding: 'utf8',
        maxBuffer: 1 << 30,
      });
      const t0 = performance.now();
      spawnSync(process.execPath, [cli, 'solve', file, '--format', 'jsonl', '--time-limit', '0.001'], {
        encoding: 'utf8',
        maxBuffer: 1 << 30,
      });
      const base = performance.now() - t0;
      const t1 = performance.now();
      const r = spawnSync(process.execPath, [cli, 'solve', file, '--format', 'jsonl', '--time-limit', '1'], {
        encoding: 'utf8',
        maxBuffer: 1 << 30,
      });
      const wall = performance.now() - t1;
      if (start.status !== 0 || r.status !== 0) throw new Error(`solve exited ${r.status}: ${r.stderr}`);
      note(
        `dominosa solve --time-limit 1, M = ${m} (${/"status":"([a-z-]+)"/.exec(r.stdout)?.[1] ?? '?'})`,
        1000,
        Math.max(0, wall - base - 999),
      );
      const t2 = performance.now();
      const n = spawnSync(process.execPath, [cli, 'solve', file, '--format', 'jsonl', '--max-nodes', '1000'], {
        encoding: 'utf8',
        maxBuffer: 1 << 30,
      });
      console.log(
        `  dominosa solve --max-nodes 1000, M = ${m}: ${fmt(performance.now() - t2)} ms wall (${/"status":"([a-z-]+)"/.exec(n.stdout)?.[1] ?? '?'})`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

/**
 * Every verb with --time-limit 1 through the CLI, against the same command with a 1 ms limit
 * (start-up, loading, shutting down): the median of 3 runs of each, on the largest boards each
 * verb takes. solve and grade get an M = 400 deal (several solutions: grade's budget is spent in
 * its uniqueness proof), generate M = 200 and build M = 100 (the largest with grade-band ranges).
 */
function verbBudgets(
  cli: string,
  dir: string,
  quick: boolean,
  note: (what: string, limitMs: number, overMs: number) => void,
): void {
  const file = join(dir, 'verbs-m400.txt');
  writeFileSync(file, formatBoardText(brickDeal(400, 3)) + '\n');
  const verbs: { what: string; args: (t: string, run: number) => string[] }[] = [
    { what: 'solve, M = 400 deal', args: (t) => ['solve', file, '--format', 'jsonl', '--time-limit', t] },
    { what: 'grade, M = 400 deal', args: (t) => ['grade', file, '--format', 'jsonl', '--time-limit', t] },
    {
      what: 'generate --sizes 200 --count 4',
      args: (t) => [
        'generate',
        '--sizes',
        '200',
        '--count',
        '4',
        '--time-limit',
        t,
        '--out',
        join(dir, 'gen.jsonl'),
        '--force',
      ],
    },
    {
      what: 'build --sizes 100 --jobs 2',
      args: (t, run) => [
        'build',
        '--sizes',
        '100',
        '--per-tier',
        '1',
        '--jobs',
        '2',
        '--time-limit',
        t,
        '--db',
        join(dir, `verb-build-${t}-${run}.sqlite`),
      ],
    },
  ];
  const runs = quick ? 1 : 3;
  const wall = (args: string[]): number => {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', maxBuffer: 1 << 30 });
    if (r.status !== 0 && r.status !== 1) throw new Error(`dominosa ${args[0]} exited ${r.status}: ${r.stderr}`);
    return performance.now() - t0;
  };
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const v of verbs) {
    const base: number[] = [];
    const limited: number[] = [];
    for (let k = 0; k < runs; k++) {
      base.push(wall(v.args('0.001', k)));
      limited.push(wall(v.args('1', k)));
    }
    note(
      `dominosa ${v.what} --time-limit 1 (median of ${runs})`,
      1000,
      Math.max(0, median(limited) - median(base) - 999),
    );
  }
}
