// `npm run eval:large-grading`: grading on large boards within its budget. Per size it grades
// the boards the generator makes (repair above M = 12) with the default budget and the
// catalog's search-node budget, and prints how long it took, where the boards landed and how
// many the budget cut short (they grade as search). An evaluation: it never fails on numbers.
import { DEFAULT_MAX_TRIAL_WORK, Grader, LEVELS, SEARCH_LEVEL } from '../../../src/dominosa/grade/ladder.js';
import { Generator } from '../../../src/dominosa/make/generator.js';
import { STORED_GRADE_MAX_NODES } from '../../../src/dominosa/rank/stored.js';

function main(): void {
  const argv = process.argv.slice(2);
  const value = (name: string, dflt: string): string => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : dflt;
  };
  const sizes = value('--sizes', '20,30').split(',').map(Number);
  const count = Number(value('--count', '40'));
  const seed = Number(value('--seed', '7'));
  const gen = new Generator();
  const grader = new Grader();
  console.log(
    `Grading ${count} generated boards per size (seed ${seed}), search nodes ≤ ${STORED_GRADE_MAX_NODES}, trial dominoes ≤ ${DEFAULT_MAX_TRIAL_WORK}`,
  );
  console.log(`   M  median ms   p90 ms   max ms   ${LEVELS.map((l) => l.name).join('/')}   search   cut short`);
  for (const m of sizes) {
    const ms: number[] = [];
    const levels = new Array<number>(SEARCH_LEVEL + 1).fill(0);
    let cut = 0;
    for (let slot = 0; ms.length < count && slot < 4 * count; slot++) {
      const r = gen.generateSlot(seed, m, slot);
      if (!r.ok) continue;
      const t0 = performance.now();
      const g = grader.grade(r.puzzle.board, { maxSearchNodes: STORED_GRADE_MAX_NODES });
      ms.push(performance.now() - t0);
      levels[g.level]++;
      if (!g.solved) cut++;
    }
    ms.sort((a, b) => a - b);
    const q = (f: number): string => ms[Math.min(ms.length - 1, Math.floor(f * ms.length))].toFixed(0);
    console.log(
      `${String(m).padStart(4)} ${q(0.5).padStart(10)} ${q(0.9).padStart(8)} ${q(1).padStart(8)}   ${levels.slice(1).join('/')}   ${levels[SEARCH_LEVEL]} of ${ms.length}   ${cut}`,
    );
  }
}

main();
