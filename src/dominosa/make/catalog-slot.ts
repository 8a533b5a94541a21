// What a build worker makes of one Dominosa slot: the slot's board (the first of its deals that
// is unique and fits what the slot aims at), tiered by the size's rule, graded, and with its
// variants, as catalog rows checksummed and ready to bind; or the rejection. A function of the
// slot's spec alone; the generator only keeps its buffers between slots.
import { puzzleRecord, type PuzzleRecord } from '../../catalog/row.js';
import { gridText, solutionText } from '../stored.js';
import type { MadePuzzle, SlotResult, SlotSpec } from '../../catalog/slot.js';
import type { Board } from '../board.js';
import { aimOf, type Aim } from '../rank/aims.js';
import { gradeOfCanonical } from '../rank/stored.js';
import { tierFor } from '../rank/tier-rule.js';
import type { Solution } from '../solve/solution.js';
import type { Generator, MethodChoice } from './generator.js';
import { makeVariants } from './variants.js';

/** What a size's slots need beyond the slot (its plan's make): how boards are made, and what slot k aims at, aims[k mod aims.length] (empty for ungraded slots). */
export interface SizeMaking {
  method: MethodChoice;
  aims: Aim[];
}

/** A board and its solution as the catalog stores them (src/dominosa/stored.ts): base-36 cells, a letter a cell. */
function stored(board: Board, solution: Solution): { rows: number; cols: number; grid: string; solution: string } {
  return {
    rows: board.rows,
    cols: board.cols,
    grid: gridText(board),
    solution: solutionText(solution, board.rows, board.cols),
  };
}

/** Slot spec.slot of size M = spec.key, made with `generator` (one per thread: it keeps its buffers). */
export function makeSlot(generator: Generator, spec: SlotSpec): SlotResult {
  const { seed, slot, interrupt } = spec;
  const m = Number(spec.key);
  const making = spec.make as SizeMaking;
  // A function of the slot, so --jobs and shards see the same aims; in turn, so tiers fill at one pace.
  const aim = aimOf(making, slot);
  const res = generator.generateSlot(seed, m, slot, {
    maxAttempts: spec.maxAttempts,
    method: making.method,
    interrupt,
    targets: aim?.targets,
  });
  if (!res.ok) {
    return { ok: false, slot, attempts: res.attempts, reason: res.reason, ...(res.timedOut ? { timedOut: true } : {}) };
  }
  const p = res.puzzle;
  // Past the deadline a slot is given up, as the generator gives one up: its grade (seconds at
  // M = 100) and its variants' proofs would otherwise run on long after the time limit.
  const timedOut = (): SlotResult => ({
    ok: false,
    slot,
    attempts: p.attempts,
    reason: 'the time budget ran out',
    timedOut: true,
  });
  // The stored grade (storedGrade's), or null when the deadline stopped the grading.
  const scoreOf = (): number | null => {
    const g = gradeOfCanonical(p.canonical, { interrupt });
    return g.limit === 'time' ? null : g.score;
  };
  // A graded slot's puzzle carries its stored grade. Grading costs more than making the board
  // at small M: otherwise only for a tier that depends on it, or a candidate that may be kept.
  const byNodes = spec.rule.measure === 'nodes';
  let score = p.score ?? (byNodes ? null : scoreOf());
  if (score === null && !byNodes) return timedOut();
  const tier = tierFor({ nodes: p.nodes, score: score ?? 1 }, spec.rule);
  const wanted = tier !== null && !spec.fullTiers.includes(tier);
  if (wanted && score === null && (score = scoreOf()) === null) return timedOut();
  let rows: PuzzleRecord[] | null = null;
  if (wanted) {
    const common = {
      kind: 'dominosa' as const,
      m,
      tier,
      nodes: p.nodes,
      score: score!,
      attempts: p.attempts,
      canonical_hash: p.canonicalHash,
      seed,
      slot,
      method: p.method,
    };
    rows = [puzzleRecord({ ...common, ...stored(p.board, p.solution), transform: null }, { build_id: spec.buildId })];
    // A variant shares its base's tier, score and hash; its node count is its own.
    for (const v of makeVariants(p, seed, slot, spec.variants)) {
      rows.push(
        puzzleRecord(
          {
            ...common,
            rows: v.board.rows,
            cols: v.board.cols,
            grid: gridText(v.board),
            solution: v.solutionText,
            nodes: v.nodes,
            transform: v.transform,
          },
          { build_id: spec.buildId },
        ),
      );
    }
  }
  if (wanted && interrupt?.() === true) return timedOut();
  const puzzle: MadePuzzle = { attempts: p.attempts, tier, canonicalHash: p.canonicalHash, rows };
  return { ok: true, slot, puzzle };
}
