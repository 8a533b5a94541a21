// The build's writer: decides each answered slot through the one decision rule
// (src/catalog/decide.ts), in slot order, turns kept boards into catalog rows, and commits the
// decisions in batches, one transaction each, so a killed build keeps every committed batch.
import { basesTowardTarget, decideSlot, tiersFull } from '../../src/catalog/decide.js';
import type { SlotOutcome } from '../../src/catalog/schema.js';
import { tierFor } from '../../src/rank/measure.js';
import type { Catalog, NewPuzzle, SlotRow } from '../database.js';
import type { BuildProgress } from '../progress.js';
import type { BuildOptions } from './options.js';
import { countsJson, type SizeRun } from './sizes.js';
import type { SlotAnswer } from './worker.js';

interface Decision {
  slot: SlotRow;
  base: NewPuzzle | null;
  variants: NewPuzzle[];
  /** Shard builds: a duplicate's slot row points at the base of its class (by this hash). */
  duplicateOf?: string;
}

export interface WriterSettings {
  cat: Catalog;
  buildId: number;
  runs: SizeRun[];
  options: BuildOptions;
  maxSlots: number;
  /** Decisions per committed batch; a batch also commits after batchMs. */
  batchSize: number;
  batchMs: number;
  progress: BuildProgress;
}

export class Writer {
  private readonly batch: Decision[] = [];
  /** Bases kept in the batch not yet committed, for the duplicate check. */
  private readonly batchHashes = new Set<string>();
  private lastCommit = Date.now();
  private committedSlots = 0;

  constructor(private readonly s: WriterSettings) {}

  /** Commit when the batch is large or old enough. */
  commitIfDue(): void {
    if (this.batch.length >= this.s.batchSize || Date.now() - this.lastCommit >= this.s.batchMs) this.commit();
  }

  commit(): void {
    const { cat, buildId, runs, progress } = this.s;
    const batch = this.batch;
    if (batch.length === 0) return;
    cat.transaction(() => {
      for (const d of batch) {
        let puzzleId: number | null = null;
        if (d.base) {
          puzzleId = cat.insertPuzzle(d.base);
          for (const v of d.variants) cat.insertPuzzle({ ...v, base_id: puzzleId });
        } else if (d.duplicateOf !== undefined) {
          // Its class's base was inserted earlier in this transaction or in an earlier batch.
          puzzleId = cat.baseIdByHash(d.duplicateOf);
          if (puzzleId === null) throw new Error(`duplicate of ${d.duplicateOf}, whose base is not in the catalog`);
        }
        cat.insertSlot({ ...d.slot, puzzle_id: puzzleId });
      }
      cat.updateBuild(buildId, 'running', countsJson(runs), null);
    });
    this.committedSlots += batch.length;
    batch.length = 0;
    this.batchHashes.clear();
    this.lastCommit = Date.now();
    progress.committed(this.committedSlots);
  }

  /** Decide one answered slot of `size`, the next in its slot order. */
  decide(size: SizeRun, ans: SlotAnswer): void {
    const { cat, buildId, options, maxSlots, progress } = this.s;
    const { perTier } = options;
    const sharded = options.shard !== undefined;
    const stride = options.shard?.count ?? 1;
    const { m } = size;
    const { slot } = ans;
    let outcome: SlotOutcome = 'rejected';
    let base: NewPuzzle | null = null;
    let duplicateOf: string | undefined;
    const variants: NewPuzzle[] = [];
    if (ans.ok) {
      const p = ans.puzzle;
      // Ungraded candidates are those of a size tiered by nodes (the score is then not read).
      // A graded slot's board fits the tier it aimed at; tier null (no tier) is a rejection.
      const tier = tierFor({ nodes: p.nodes, score: p.score ?? 1 }, size.rule);
      const classKept = this.batchHashes.has(p.canonicalHash) || cat.hasBase(p.canonicalHash);
      // Shards have no tier caps: which of their boards the catalog keeps depends on the other
      // shards' slots, so the merge decides, in slot order.
      outcome = decideSlot(classKept, tier, size.counts, perTier, !sharded);
      if (outcome === 'duplicate' && sharded) duplicateOf = p.canonicalHash;
      if (outcome === 'kept' && tier !== null) {
        // Counts only grow, so a tier full when the task was sent is full now: the board is here.
        const b = p.board;
        if (b === null || p.variants === null || p.score === null) throw new Error(`M=${m} slot ${slot}: kept, but its board was not sent`);
        if (b.rows !== m + 1 || b.cols !== m + 2) throw new Error(`M=${m} slot ${slot}: board is ${b.rows}x${b.cols}, not wide`);
        size.counts[tier]++;
        this.batchHashes.add(p.canonicalHash);
        const common = {
          m,
          tier,
          attempts: p.attempts,
          canonical_hash: p.canonicalHash,
          seed: options.seed,
          slot,
          method: p.method,
          build_id: buildId,
        };
        base = { ...common, ...b, nodes: p.nodes, score: p.score, base_id: null, transform: null };
        // A variant's base_id is set at commit, once the base has its id.
        for (const v of p.variants) variants.push({ ...common, ...v, score: p.score, base_id: null });
      }
    }
    const attempts = ans.ok ? ans.puzzle.attempts : ans.attempts;
    const decision: Decision = { slot: { build_id: buildId, m, slot, outcome, attempts, puzzle_id: null }, base, variants };
    if (duplicateOf !== undefined) decision.duplicateOf = duplicateOf;
    this.batch.push(decision);
    size.total[outcome]++;
    size.totalAttempts += attempts;
    const r = size.report;
    r.outcomes[outcome]++;
    r.attempts += attempts;
    r.workerMs += ans.ms;
    size.slotMs = size.slotMs === 0 ? ans.ms : 0.9 * size.slotMs + 0.1 * ans.ms;
    const { wanted } = size.plan;
    progress.decided(m, basesTowardTarget(size.counts, perTier, wanted), Object.values(r.outcomes).reduce((x, y) => x + y, 0));
    if (tiersFull(size.counts, perTier, wanted)) {
      size.state = r.state = 'done';
      progress.sizeEnded(m, 'done');
    } else if (slot + stride >= maxSlots) {
      size.state = r.state = 'exhausted';
      progress.sizeEnded(m, 'exhausted');
    }
  }
}
