// Progress of `dominosa build` on stderr: a bar per size on a terminal (cli-progress), plain
// log lines otherwise, and the closing summary table (per size and tier: count and node range;
// per size: attempts per unique puzzle and worker time per kept puzzle).
import cliProgress from 'cli-progress';
import type { SummaryTier } from '../../src/catalog/build.js';
import type { SlotOutcome } from '../../src/catalog/schema.js';
import { formatMeasure } from '../../src/rank/rule.js';

/** What one run did for one size (earlier runs of a resumed build are not counted here). */
export interface SizeReport {
  /** The size as people read it ("M=6"). */
  label: string;
  /** done: all tiers full; exhausted: the slot budget ran out first; open: stopped early. */
  state: 'done' | 'exhausted' | 'open';
  /** Slots decided in this run, by outcome. */
  outcomes: Record<SlotOutcome, number>;
  /** Generator attempts (deals) over the slots decided in this run. */
  attempts: number;
  /** Worker time spent on the slots decided in this run, in ms. */
  workerMs: number;
  /** The part of workerMs spent on slots not kept (tier-full, duplicate, rejected): work thrown away. */
  wastedMs: number;
}

export type { SummaryTier } from '../../src/catalog/build.js';

export interface BuildSummary {
  sizes: SizeReport[];
  /** The catalog's base puzzles of the built sizes, per size and tier (the kind's summary). */
  tiers: SummaryTier[];
  wallMs: number;
  /** CPU time of the whole process over the run (every thread), in ms. */
  cpuMs: number;
}

export interface SizeStart {
  /** The size's key, as the run's calls name it, and how people read it. */
  key: string;
  label: string;
  /** Base puzzles wanted: the tiers it fills × per-tier. */
  target: number;
  /** Already there (capped per tier at per-tier). */
  have: number;
  /** Tiers it cannot reach, said once at the start. */
  unreachable?: readonly { tier: string; why: string }[];
}

/** The start's line per tier a size cannot reach. */
function unreachableLines(sizes: SizeStart[]): string {
  return sizes
    .flatMap((s) =>
      (s.unreachable ?? []).map(
        (u) => `${s.label}: ${u.tier} is out of reach at this size (${u.why}); filling the others\n`,
      ),
    )
    .join('');
}

export interface BuildProgress {
  start(sizes: SizeStart[]): void;
  /** After each decided slot: the size's puzzles so far and slots decided this run. */
  decided(key: string, have: number, slots: number): void;
  /** After each committed batch: slots committed this run. */
  committed(slots: number): void;
  sizeEnded(key: string, state: 'done' | 'exhausted'): void;
  /** Stop the display; print the summary when there is one. */
  finish(summary: BuildSummary | null): void;
}

/** For tests and library use: reports nothing. */
export const silentProgress: BuildProgress = {
  start() {},
  decided() {},
  committed() {},
  sizeEnded() {},
  finish() {},
};

const LOG_EVERY_MS = 5000;

interface SizeTrack {
  label: string;
  target: number;
  have: number;
  slots: number;
  /** When this run made its first decision for the size, and the count then (for the rate). */
  t0: number;
  have0: number;
}

function rate(t: SizeTrack, now: number): number {
  const s = (now - t.t0) / 1000;
  return s > 0 ? (t.have - t.have0) / s : 0;
}

/** Bars on a terminal, log lines elsewhere; both on `stream` (stderr by default). */
export function createProgress(
  stream: NodeJS.WriteStream = process.stderr,
  tty = stream.isTTY === true,
): BuildProgress {
  return tty ? new BarProgress(stream) : new LogProgress(stream);
}

class LogProgress implements BuildProgress {
  private readonly sizes = new Map<string, SizeTrack>();
  private lastLog = 0;

  constructor(private readonly out: NodeJS.WritableStream) {}

  start(sizes: SizeStart[]): void {
    this.out.write(unreachableLines(sizes));
    const now = Date.now();
    this.lastLog = now;
    for (const s of sizes) this.sizes.set(s.key, { ...s, slots: 0, t0: now, have0: s.have });
  }

  decided(key: string, have: number, slots: number): void {
    const t = this.sizes.get(key);
    if (!t) return;
    if (t.slots === 0) {
      t.t0 = Date.now();
      t.have0 = t.have;
    }
    t.have = have;
    t.slots = slots;
    const now = Date.now();
    if (now - this.lastLog >= LOG_EVERY_MS) {
      this.lastLog = now;
      this.out.write(`${t.label}: ${have}/${t.target} kept, ${slots} slots, ${rate(t, now).toFixed(1)}/s\n`);
    }
  }

  committed(): void {}

  sizeEnded(key: string, state: 'done' | 'exhausted'): void {
    const t = this.sizes.get(key);
    if (!t) return;
    const what = state === 'done' ? 'done' : 'slot budget exhausted';
    this.out.write(`${t.label}: ${what}, ${t.have}/${t.target} kept, ${t.slots} slots this run\n`);
  }

  finish(summary: BuildSummary | null): void {
    if (summary) this.out.write(formatSummary(summary));
  }
}

class BarProgress implements BuildProgress {
  // Made in start(), so a run that ends before it (nothing to do) leaves the terminal alone.
  private multi: cliProgress.MultiBar | null = null;
  private readonly bars = new Map<string, { bar: cliProgress.SingleBar; track: SizeTrack }>();

  constructor(private readonly out: NodeJS.WriteStream) {}

  start(sizes: SizeStart[]): void {
    this.out.write(unreachableLines(sizes));
    const multi = new cliProgress.MultiBar(
      {
        stream: this.out,
        format: ' {m} [{bar}] {value}/{total} kept | {rate}/s | ETA {eta_formatted} | {slots} slots',
        hideCursor: true,
        clearOnComplete: false,
        stopOnComplete: false,
        etaBuffer: 50,
        fps: 5,
      },
      cliProgress.Presets.shades_classic,
    );
    this.multi = multi;
    const now = Date.now();
    for (const s of sizes) {
      const bar = multi.create(s.target, s.have, { m: s.label, rate: '0.0', slots: 0 });
      this.bars.set(s.key, { bar, track: { ...s, slots: 0, t0: now, have0: s.have } });
    }
  }

  decided(key: string, have: number, slots: number): void {
    const b = this.bars.get(key);
    if (!b) return;
    const t = b.track;
    if (t.slots === 0) {
      t.t0 = Date.now();
      t.have0 = t.have;
    }
    t.have = have;
    t.slots = slots;
    b.bar.update(have, { rate: rate(t, Date.now()).toFixed(1), slots });
  }

  committed(): void {}

  sizeEnded(): void {}

  finish(summary: BuildSummary | null): void {
    this.multi?.stop();
    this.multi = null;
    if (summary) this.out.write(formatSummary(summary));
  }
}

/** Columns of text: the first `left` columns left-aligned, numbers right-aligned. */
function pad(cells: string[][], left: number): string {
  const widths = cells[0].map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  return cells
    .map((r) =>
      r
        .map((c, i) => (i < left ? c.padEnd(widths[i]) : c.padStart(widths[i])))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** The closing table, as text ending in a newline. */
export function formatSummary(s: BuildSummary): string {
  const lines: string[] = [];
  // Each range is named for what it measures (reference nodes, the layered score, the grade
  // score) and a tier of the grade rule also names its band, as its kind says (SummaryTier).
  const tierRows: string[][] = [['size', 'tier', 'grade', 'range', 'count']];
  for (const t of s.tiers) {
    const f = (v: number): string => formatMeasure(t.measure, v);
    const range = t.min === t.max ? f(t.min) : `${f(t.min)}..${f(t.max)}`;
    tierRows.push([t.label, t.tier, t.band, `${t.cut} ${range}`, String(t.count)]);
  }
  if (tierRows.length > 1) lines.push(pad(tierRows, 4));
  const run = s.sizes.filter((r) => Object.values(r.outcomes).some((n) => n > 0));
  if (run.length > 0) {
    const rows: string[][] = [
      ['size', 'slots', 'kept', 'duplicate', 'tier-full', 'rejected', 'attempts/unique', 'ms/kept', 'waste'],
    ];
    for (const r of run) {
      const o = r.outcomes;
      const slots = Object.values(o).reduce((a, b) => a + b, 0);
      rows.push([
        r.label,
        String(slots),
        String(o.kept),
        String(o.duplicate),
        String(o['tier-full']),
        String(o.rejected + o.failed),
        o.kept > 0 ? (r.attempts / o.kept).toFixed(1) : '-',
        o.kept > 0 ? (r.workerMs / o.kept).toFixed(1) : '-',
        r.workerMs > 0 ? `${Math.round((100 * r.wastedMs) / r.workerMs)}%` : '-',
      ]);
    }
    lines.push(pad(rows, 1));
  }
  lines.push(
    `(this run: ${(s.wallMs / 1000).toFixed(1)} s, ${(s.cpuMs / 1000).toFixed(1)} s of CPU; ms/kept is worker time per kept puzzle, waste the share of worker time spent on slots not kept)`,
  );
  return lines.join('\n\n') + '\n';
}
