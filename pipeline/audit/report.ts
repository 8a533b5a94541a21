// How `dominosa audit` shows itself: a progress bar on a terminal (stderr), the closing summary
// as text (puzzles checked, failures by kind, time, every failing puzzle) or as one JSON document.
import cliProgress from 'cli-progress';
import { FAILURE_KINDS, type Failure, type FailureKind, type Guardrail } from '../../src/catalog/check.js';
import { forTerminal, jsonForTerminal } from '../io/terminal.js';

export interface AuditReport {
  db: string;
  /** Puzzles re-proven. */
  checked: number;
  /** Puzzles in the catalog. */
  puzzles: number;
  /** The --sample size and its seed, or null for a full audit. */
  sample: number | null;
  seed: number | null;
  jobs: number;
  ms: number;
  /** Catalog-wide failures first, then by puzzle id. */
  failures: Failure[];
  /** With --record: how many pass verdicts were stored, or why none were; null without --record. */
  recorded: { verdicts: number; why: string | null } | null;
  /** Per size of a kind that holds its guardrail by medians (Sudomino's shapes), each tier's bases and median reference nodes. */
  guardrails: Guardrail[];
  /** What the catalog lacks when the selection held no puzzle ("the catalog holds no Sudomino puzzles"), else null. */
  nothingChecked: string | null;
}

/**
 * The audit's verdict: null when it passed, else the one line that says why not. Nothing checked
 * is no pass, whatever the catalog-wide checks found; the text, the JSON and the exit code all
 * read it from here.
 */
export function auditVerdict(r: AuditReport): string | null {
  if (r.failures.length > 0) {
    const n = r.failures.length;
    const p = failingPuzzles(r.failures).length;
    return `audit failed: ${n} failure${n === 1 ? '' : 's'}, ${p} failing puzzle${p === 1 ? '' : 's'}`;
  }
  if (r.nothingChecked !== null) return `audit found nothing to check: ${r.nothingChecked}`;
  return null;
}

export interface AuditProgress {
  start(total: number): void;
  advance(checked: number): void;
  finish(): void;
}

export const silentAuditProgress: AuditProgress = { start() {}, advance() {}, finish() {} };

/**
 * The bar's line: puzzles done, time so far (redrawn on the bar's own clock, so it moves while a
 * long proof runs) and the time left, estimated once a puzzle is done (before that there is
 * nothing to estimate from, and "0s left" would be a lie).
 */
export function auditBarLine(
  verb: string,
  p: { progress: number; value: number; total: number; eta: number | string; startTime: number | null },
  now: number,
  o: cliProgress.Options,
): string {
  const bar = cliProgress.Format.BarFormat(p.progress, o);
  const elapsed = cliProgress.Format.TimeFormat(Math.round((now - (p.startTime ?? now)) / 1000), o, 1);
  const left =
    p.value === 0
      ? 'estimating time left'
      : typeof p.eta === 'number'
        ? `${cliProgress.Format.TimeFormat(p.eta, o, 5)} left`
        : 'time left unknown';
  return ` ${verb} [${bar}] ${p.value}/${p.total} puzzles | ${elapsed} | ${left}`;
}

/** A bar on a terminal; nothing elsewhere (the summary says it all, and logs stay clean). */
export function createAuditProgress(
  stream: NodeJS.WriteStream = process.stderr,
  tty = stream.isTTY === true,
  verb = 'audit',
): AuditProgress {
  if (!tty) return silentAuditProgress;
  let bar: cliProgress.SingleBar | null = null;
  let done = 0;
  return {
    start(total) {
      bar = new cliProgress.SingleBar(
        {
          stream,
          format: (o, params) => auditBarLine(verb, params, Date.now(), o),
          hideCursor: true,
          fps: 5,
          // The estimate follows the clock between puzzles, not only when one finishes.
          etaAsynchronousUpdate: true,
        },
        cliProgress.Presets.shades_classic,
      );
      bar.start(total, 0);
    },
    advance(checked) {
      done += checked;
      bar?.update(done);
    },
    finish() {
      bar?.stop();
      bar = null;
    },
  };
}

/** Failures per kind, only the kinds that occurred, in FAILURE_KINDS order. */
export function failuresByKind(failures: readonly Failure[]): Partial<Record<FailureKind, number>> {
  const out: Partial<Record<FailureKind, number>> = {};
  for (const k of FAILURE_KINDS) {
    const n = failures.filter((f) => f.kind === k).length;
    if (n > 0) out[k] = n;
  }
  return out;
}

/** Distinct puzzles with at least one failure. */
export function failingPuzzles(failures: readonly Failure[]): number[] {
  return [...new Set(failures.flatMap((f) => (f.puzzleId === null ? [] : [f.puzzleId])))].sort((a, b) => a - b);
}

function recordLine(r: AuditReport): string[] {
  if (r.recorded === null) return [];
  if (r.recorded.why !== null) return [`nothing recorded: ${forTerminal(r.recorded.why)}`];
  const n = r.recorded.verdicts;
  return [
    `recorded ${n} pass verdict${n === 1 ? '' : 's'} in the catalog (export trusts them instead of proving those puzzles again)`,
  ];
}

function scope(r: AuditReport): string {
  const what =
    r.sample === null
      ? `${r.checked} puzzles checked`
      : `${r.checked} of ${r.puzzles} puzzles checked (sample, seed ${r.seed})`;
  return `audit of ${forTerminal(r.db)}: ${what} in ${(r.ms / 1000).toFixed(1)} s with ${r.jobs} job${r.jobs === 1 ? '' : 's'}`;
}

/** One line per size with a guardrail: its tiers' median reference nodes, with the sign between each two. */
function guardrailLines(r: AuditReport): string[] {
  return r.guardrails.map(({ name, medians, minBases }) => {
    const steps = medians
      .map((m, i) => `${i === 0 ? '' : medians[i - 1].median <= m.median ? ' ≤ ' : ' > '}${m.tier} ${m.median}`)
      .join('');
    const thin = medians.filter((m) => m.count < minBases).map((m) => m.tier);
    const judged =
      thin.length === 0
        ? ''
        : ` (not judged: ${thin.join(', ')} ${thin.length === 1 ? 'holds' : 'hold'} fewer than ${minBases} bases)`;
    return `${forTerminal(name)}: median reference nodes ${steps}${judged}`;
  });
}

/** The summary for people, ending in a newline. */
export function formatAuditText(r: AuditReport): string {
  const lines = [scope(r), ...guardrailLines(r)];
  if (r.nothingChecked !== null) lines.push(`nothing checked: ${forTerminal(r.nothingChecked)}`);
  if (r.failures.length === 0 && r.nothingChecked !== null) {
    lines.push(...recordLine(r));
    return `${lines.join('\n')}\n`;
  }
  if (r.failures.length === 0) {
    lines.push(
      'all checks passed: checksums, puzzles unique by both solvers, solutions, nodes, grades, tiers, hashes and variants;',
    );
    lines.push('catalog integrity, schema version, tier order and distinct bases');
    lines.push(...recordLine(r));
    return `${lines.join('\n')}\n`;
  }
  const puzzles = failingPuzzles(r.failures);
  lines.push(
    `${r.failures.length} failure${r.failures.length === 1 ? '' : 's'}, ${puzzles.length} failing puzzle${puzzles.length === 1 ? '' : 's'}`,
  );
  lines.push(...recordLine(r));
  const kinds = Object.entries(failuresByKind(r.failures));
  const width = Math.max(...kinds.map(([k]) => k.length));
  lines.push('', 'failures by kind:');
  for (const [k, n] of kinds) lines.push(`  ${forTerminal(k).padEnd(width)}  ${n}`);
  const wide = r.failures.filter((f) => f.puzzleId === null);
  if (wide.length > 0) {
    lines.push('', 'catalog:');
    for (const f of wide) lines.push(`  ${forTerminal(f.kind)}: ${forTerminal(f.detail)}`);
  }
  const own = r.failures.filter((f) => f.puzzleId !== null);
  if (own.length > 0) {
    lines.push('', 'failing puzzles:');
    for (const f of own)
      lines.push(
        `  puzzle ${f.puzzleId}${f.scope === undefined ? '' : ` (${forTerminal(f.scope)})`}: ${forTerminal(f.kind)}: ${forTerminal(f.detail)}`,
      );
  }
  return `${lines.join('\n')}\n`;
}

/** The machine-readable report: stable field names, one JSON document, ending in a newline. */
export function formatAuditJson(r: AuditReport): string {
  return `${jsonForTerminal(
    JSON.stringify(
      {
        db: r.db,
        ok: auditVerdict(r) === null,
        checked: r.checked,
        puzzles: r.puzzles,
        sample: r.sample,
        seed: r.seed,
        jobs: r.jobs,
        seconds: Math.round(r.ms) / 1000,
        failuresByKind: failuresByKind(r.failures),
        failingPuzzles: failingPuzzles(r.failures),
        failures: r.failures,
        guardrails: r.guardrails.map(({ shape, medians }) => ({ shape, medians })),
        ...(r.nothingChecked === null ? {} : { nothingChecked: r.nothingChecked }),
        ...(r.recorded === null ? {} : { recorded: r.recorded.verdicts, notRecorded: r.recorded.why }),
      },
      null,
      2,
    ),
  )}\n`;
}
