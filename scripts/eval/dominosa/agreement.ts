// `npm run eval:agreement`: does the grader's level name the same Tatham level as the referee?
// Per size it takes the catalog's own kinds of puzzle (the first unique deal of each slot, as
// rejection makes them, and the boards repair makes), labels each with the referee
// (scripts/eval/dominosa/tatham-levels.ts, an independent engine) and grades it, and prints one against
// the other. An evaluation, not a test: it prints numbers and never fails on them.
import type { Board } from '../../../src/dominosa/board.js';
import { Generator, type Method } from '../../../src/dominosa/make/generator.js';
import { gradeBoard, LEVELS, TATHAM_LEVELS } from '../../../src/dominosa/grade/ladder.js';
import { BEYOND_EXTREME, NOT_COVERED, tathamLevel } from './tatham-levels.js';

interface Options {
  sizes: number[];
  count: number;
  seed: number;
  methods: Method[];
  /** Print this many disagreeing boards per size (their grades and rules used). */
  show: number;
}

function parseArgs(argv: string[]): Options {
  const value = (name: string): string | undefined => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const list = (s: string | undefined, dflt: number[]): number[] => (s === undefined ? dflt : s.split(',').map(Number));
  const methods = (value('--methods') ?? 'rejection,repair').split(',') as Method[];
  for (const m of methods)
    if (m !== 'rejection' && m !== 'repair') throw new Error(`--methods: unknown method ${String(m)}`);
  return {
    sizes: list(value('--sizes'), [5, 6, 7, 8, 9]),
    count: Number(value('--count') ?? (argv.includes('--quick') ? 30 : 100)),
    seed: Number(value('--seed') ?? 2026),
    methods,
    show: Number(value('--show') ?? 0),
  };
}

/** Columns and rows: Tatham's four levels, then beyond them all, then (referee only) not covered. */
const CLASSES = [...'beyond'] as const;

/** The referee's label as a class index 0..4, or 5 when it cannot tell. */
function refereeClass(board: Board): number {
  const label = tathamLevel(board);
  if (label === NOT_COVERED) return 5;
  return label === BEYOND_EXTREME ? 4 : label - 1;
}

/** The grader's level as the same class index: LEVELS[..].tatham, null = beyond. */
function graderClass(level: number): number {
  const t = LEVELS[level - 1].tatham;
  return t === null ? 4 : TATHAM_LEVELS.indexOf(t);
}

function pad(s: string | number, n: number): string {
  return String(s).padStart(n);
}

function main(): void {
  const opts = parseArgs(process.argv.slice(2));
  const gen = new Generator();
  const total = Array.from({ length: 6 }, () => new Array<number>(5).fill(0));
  console.log(
    `Referee (rows) against the grader (columns): ${opts.count} puzzles per size and method, seed ${opts.seed}`,
  );
  console.log(
    `${'M'.padStart(3)} ${'method'.padEnd(10)} ${'finished by his levels: agree'.padEnd(31)} ${'beyond: agree'.padEnd(15)} not covered   T/B/H/E/beyond (referee)   ms`,
  );
  for (const m of opts.sizes) {
    for (const method of opts.methods) {
      const t0 = performance.now();
      const conf = Array.from({ length: 6 }, () => new Array<number>(5).fill(0));
      let shown = 0;
      for (let slot = 0, made = 0; made < opts.count && slot < 20 * opts.count; slot++) {
        const r = gen.generateSlot(opts.seed, m, slot, { method });
        if (!r.ok) continue;
        made++;
        const board = r.puzzle.board;
        const ref = refereeClass(board);
        const g = gradeBoard(board);
        const ours = graderClass(g.level);
        conf[ref][ours]++;
        total[ref][ours]++;
        if (ref !== ours && ref !== 5 && shown < opts.show) {
          shown++;
          const used = Object.entries(g.steps)
            .filter(([, n]) => n > 0)
            .map(([k, n]) => `${k} ${n}`);
          console.log(`    slot ${slot}: referee ${CLASSES[ref]}, grader ${g.grade} (${used.join(', ')})`);
        }
      }
      const finished = [0, 1, 2, 3].reduce((n, i) => n + conf[i].reduce((a, b) => a + b, 0), 0);
      const agreeFinished = [0, 1, 2, 3].reduce((n, i) => n + conf[i][i], 0);
      const beyond = conf[4].reduce((a, b) => a + b, 0);
      const notCovered = conf[5].reduce((a, b) => a + b, 0);
      const labels = conf
        .slice(0, 5)
        .map((row) => row.reduce((a, b) => a + b, 0))
        .join('/');
      console.log(
        `${pad(m, 3)} ${method.padEnd(10)} ${`${agreeFinished} of ${finished}`.padEnd(31)} ${`${conf[4][4]} of ${beyond}`.padEnd(15)} ${pad(notCovered, 11)}   ${labels.padEnd(24)} ${pad((performance.now() - t0).toFixed(0), 6)}`,
      );
    }
  }
  console.log('\nAll sizes and methods together, referee (rows) against grader (columns):');
  console.log(`${''.padEnd(12)}${CLASSES.map((c) => pad(c, 9)).join('')}`);
  for (let i = 0; i < 6; i++)
    console.log(`${(i === 5 ? 'not covered' : CLASSES[i]).padEnd(12)}${total[i].map((n) => pad(n, 9)).join('')}`);
}

main();
