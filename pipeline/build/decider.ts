// The build's decider: decides each answered slot through the one decision rule
// (src/catalog/decide.ts), in slot order, and hands the decisions on in batches to one commit
// (commit.ts) each, so a killed build keeps every committed batch. Once batches fill up faster
// than the batch timer (a large build), the store's thread (store.ts) commits them, in order,
// and this thread only decides; a small build commits here, without the thread's start-up.
// It owns the sizes' runs (sizes.ts): nothing else changes them.
import { ClassFilter } from '../../src/catalog/class-filter.js';
import { basesTowardTarget, decideSlot, tiersFull } from '../../src/catalog/decide.js';
import type { PuzzleRecord } from '../../src/catalog/row.js';
import type { SlotOutcome } from '../../src/catalog/schema.js';
import type { SlotAnswer } from '../../src/catalog/slot.js';
import type { PuzzleKind } from '../../src/kinds.js';
import type { Catalog } from '../catalog/catalog.js';
import type { BuildProgress } from './progress.js';
import { commitDecisions, type Decision } from './commit.js';
import type { BuildOptions } from './options.js';
import type { Store } from './store.js';
import { countsJson, type SizeRun, type SizeView } from './sizes.js';

export interface DeciderSettings {
  cat: Catalog;
  buildId: number;
  /** The kind built: its classes are the ones a candidate may duplicate, its aims and misfits its own. */
  kind: PuzzleKind;
  /** The sizes' runs, handed over: from here on the decider alone changes them. */
  runs: SizeRun[];
  options: BuildOptions;
  maxSlots: number;
  /** Decisions per committed batch; a batch also commits after batchMs. */
  batchSize: number;
  batchMs: number;
  progress: BuildProgress;
  /** Starts the store that commits full batches from its own thread (none: every batch here). */
  openStore?: () => Store;
}

export class Decider {
  private readonly batch: Decision[] = [];
  /** Bases kept in the batch not yet committed, for the duplicate check. */
  private readonly batchHashes = new Set<string>();
  /** Bases of batches posted to the store and not yet committed there. */
  private readonly inFlight = new Set<string>();
  /** Every base in the catalog and in the batch: most candidates' classes are proven new here. */
  private readonly classes = new ClassFilter();
  private lastCommit = Date.now();
  private committedSlots = 0;
  /** Where batches go from the first full one on; null while they are committed here. */
  private store: Store | null = null;
  /** The sizes' runs by key. */
  private readonly runs: ReadonlyMap<string, SizeRun>;

  constructor(private readonly s: DeciderSettings) {
    for (const h of s.cat.iterateBaseHashes(s.kind.name)) this.classes.add(h);
    this.runs = new Map(s.runs.map((r) => [r.key, r]));
  }

  /** The sizes as the others see them. */
  get sizes(): readonly SizeView[] {
    return this.s.runs;
  }

  /** Commit when the batch is large or old enough. */
  commitIfDue(): void {
    if (this.batch.length >= this.s.batchSize || Date.now() - this.lastCommit >= this.s.batchMs) this.commit();
  }

  commit(): void {
    const { cat, buildId, runs, progress, openStore } = this.s;
    if (this.batch.length === 0) return;
    // A batch filled before the timer: decisions come fast enough for commits to hold them up.
    if (this.store === null && openStore !== undefined && this.batch.length >= this.s.batchSize)
      this.store = openStore();
    const store = this.store;
    const decisions = this.batch.splice(0);
    const hashes = [...this.batchHashes];
    this.batchHashes.clear();
    this.lastCommit = Date.now();
    const committed = (): void => {
      for (const h of hashes) this.inFlight.delete(h);
      this.committedSlots += decisions.length;
      progress.committed(this.committedSlots);
    };
    if (store === null) {
      commitDecisions(cat, buildId, decisions, countsJson(runs));
      committed();
      return;
    }
    // Until the store says it is committed, the batch's bases are in no table this thread reads.
    for (const h of hashes) this.inFlight.add(h);
    store.post(decisions, countsJson(runs), committed);
  }

  /** The store's failure, when a batch could not be committed there. */
  get failure(): Error | null {
    return this.store?.failure ?? null;
  }

  /** Wait while more than `backlog` batches are posted and not yet committed. */
  async keepUp(backlog: number): Promise<void> {
    if (this.store !== null && this.store.backlog > backlog) await this.store.settle(backlog);
  }

  /**
   * Wait until every batch posted is committed (or the store failed) and close the store; this
   * thread's connection then takes up the digest the store's connection wrote. The caller commits
   * the last batch first.
   */
  async close(): Promise<void> {
    if (this.store === null) return;
    await this.store.close();
    this.s.cat.reloadDigests();
  }

  /** Decide one answered slot of a size, the next in its slot order. */
  decide(key: string, ans: SlotAnswer): void {
    const size = this.runs.get(key);
    if (size === undefined) throw new Error(`${key} is not a size of this build`);
    const { cat, buildId, options, maxSlots, progress, kind } = this.s;
    const { perTier } = options;
    const sharded = options.shard !== undefined;
    const stride = options.shard?.count ?? 1;
    const { slot } = ans;
    let outcome: SlotOutcome = 'rejected';
    let rows: PuzzleRecord[] | null = null;
    let duplicateOf: Decision['duplicateOf'];
    // A slot aimed at a tier already full can be kept by nothing: whatever it made (if its worker
    // made it at all) it is tier-full, with no deals counted, so --jobs cannot change its row.
    const aim = sharded ? null : (kind.build.aimOf?.(slot) ?? null);
    const aimFull = aim !== null && size.counts[aim] >= perTier;
    if (aimFull) outcome = 'tier-full';
    else if (ans.ok) {
      const p = ans.puzzle;
      // The worker tiered it by the size's rule; tier null (no tier) is a rejection.
      const { tier } = p;
      const h = p.canonicalHash;
      const classKept =
        this.classes.mayHold(h) && (this.batchHashes.has(h) || this.inFlight.has(h) || cat.hasBase(kind.name, h));
      // Shards have no tier caps: which of their boards the catalog keeps depends on the other
      // shards' slots, so the merge decides, in slot order.
      outcome = decideSlot(classKept, tier, size.counts, perTier, !sharded);
      if (outcome === 'duplicate' && sharded) duplicateOf = { kind: kind.name, hash: p.canonicalHash };
      if (outcome === 'kept' && tier !== null) {
        // Counts only grow, so a tier full when the task was sent is full now: the rows are here.
        const where = `${size.label} slot ${slot}`;
        if (p.rows === null) throw new Error(`${where}: kept, but its rows were not sent`);
        const misfit = kind.build.misfit(size.key, p.rows[0]);
        if (misfit !== null) throw new Error(`${where}: ${misfit}`);
        size.counts[tier]++;
        this.batchHashes.add(p.canonicalHash);
        this.classes.add(p.canonicalHash);
        rows = p.rows;
      }
    }
    const attempts = aimFull ? 0 : ans.ok ? ans.puzzle.attempts : ans.attempts;
    const decision: Decision = {
      slot: { build_id: buildId, shape: size.key, slot, outcome, attempts, puzzle_id: null },
      rows,
    };
    if (duplicateOf !== undefined) decision.duplicateOf = duplicateOf;
    this.batch.push(decision);
    size.total[outcome]++;
    size.totalAttempts += attempts;
    const r = size.report;
    r.outcomes[outcome]++;
    r.attempts += attempts;
    r.workerMs += ans.ms;
    if (outcome !== 'kept') r.wastedMs += ans.ms;
    size.slotMs = size.slotMs === 0 ? ans.ms : 0.9 * size.slotMs + 0.1 * ans.ms;
    const { wanted } = size.plan;
    progress.decided(
      size.key,
      basesTowardTarget(size.counts, perTier, wanted),
      Object.values(r.outcomes).reduce((x, y) => x + y, 0),
    );
    if (tiersFull(size.counts, perTier, wanted)) {
      size.state = r.state = 'done';
      progress.sizeEnded(size.key, 'done');
    } else if (slot + stride >= maxSlots) {
      size.state = r.state = 'exhausted';
      progress.sizeEnded(size.key, 'exhausted');
    }
  }
}
