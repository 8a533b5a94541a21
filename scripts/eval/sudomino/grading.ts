// `node dist/scripts/eval/sudomino/grading.js [--count 200] [--shape 8x8:6] [--seed 1] [--chain ROUNDS]`: how many
// generated unique Sudomino boards each level of the grader's ladder solves, and the levels they
// need. An evaluation, not a test: it prints numbers and never fails on them.
import { gradeBoard, LEVELS, TOP_LEVEL } from '../../../src/sudomino/grade/ladder.js';
import { DEFAULT_CHAIN_LIMIT } from '../../../src/sudomino/grade/rules/contradiction-chain.js';
import { makePuzzle } from '../../../src/sudomino/make/generator.js';
import { formatShape, parseShape } from '../../../src/sudomino/shape.js';
import { derive } from '../../../src/rng.js';

function arg(argv: string[], name: string, dflt: string): string {
  const i = argv.indexOf(name);
  return i >= 0 && i + 1 < argv.length ? argv[i + 1] : dflt;
}

function main(argv: string[]): void {
  const count = Number(arg(argv, '--count', '200'));
  const seed = Number(arg(argv, '--seed', '1'));
  const chainLimit = Number(arg(argv, '--chain', String(DEFAULT_CHAIN_LIMIT)));
  const parsed = parseShape(arg(argv, '--shape', '8x8:6'));
  if (!parsed.ok) throw new Error(parsed.error);
  const shape = parsed.shape;
  // solvedUpTo[L]: boards solved with levels 1..L; needs[L]: boards whose grade is L.
  const solvedUpTo = new Array<number>(TOP_LEVEL + 1).fill(0);
  const needs = new Array<number>(TOP_LEVEL + 1).fill(0);
  let stuck = 0;
  let givens = 0;
  let gradeMs = 0;
  for (let k = 0; k < count; k++) {
    const { board } = makePuzzle(shape, derive(seed, shape.rows, shape.cols, shape.values, k));
    for (const g of board.given) if (g !== 0) givens++;
    for (let L = 1; L <= TOP_LEVEL; L++)
      if (gradeBoard(board, { maxLevel: L, log: false, chainLimit }).status === 'solved') solvedUpTo[L]++;
    const t = performance.now();
    const r = gradeBoard(board, { log: false, chainLimit });
    gradeMs += performance.now() - t;
    if (r.status === 'solved') needs[r.level]++;
    else stuck++;
  }
  console.log(
    `${count} unique ${formatShape(shape)} boards (seed ${seed}, chain limit ${chainLimit} rounds), ${(givens / count).toFixed(1)} givens on average`,
  );
  for (const { level, name, tier } of LEVELS) {
    console.log(
      `  level ${level} ${name.padEnd(8)} (${tier.padEnd(6)}): solved with levels 1..${level}: ${String(solvedUpTo[level]).padStart(4)}   graded ${level}: ${needs[level]}`,
    );
  }
  console.log(`  stuck at every level: ${stuck}`);
  console.log(`  full grade: ${(gradeMs / count).toFixed(3)} ms a board on average`);
}

main(process.argv.slice(2));
