// `dominosa export`: select puzzles (sizes, tiers, variants; a balanced seeded sample of --count,
// --per-tier or --per-size) and write them in one of the pack formats, to stdout (text formats)
// or to a file that appears only when complete (a temporary name, then renamed; --force to replace).
import { boardFromGrid, formatBoardError, type Board } from '../../src/dominosa/board.js';
import { planPack, shortfallLine, type PackCell, type PackSplit } from '../../src/catalog/balance.js';
import { sampleOf } from '../../src/catalog/sample.js';
import { SCHEMA_VERSION } from '../../src/catalog/schema.js';
import { staleVerdict } from '../../src/catalog/verdict.js';
import type { BookletOptions, Paper } from '../../src/formats/booklet.js';
import { buildBookletHtml } from '../../src/formats/booklet-html.js';
import { csvHeader, csvRow } from '../../src/formats/csv.js';
import { facesError, type Faces } from '../../src/formats/faces.js';
import {
  DEFAULT_PACK_NAME,
  EXPORT_FORMATS,
  buildPackJson,
  buildPackText,
  kindWords,
  kindsOf,
  type AnyPackPuzzle,
  type ExportFormat,
} from '../../src/formats/pack.js';
import { tathamRefusal, toTathamId } from '../../src/dominosa/formats/tatham.js';
import { buildWebHtml, webPackData } from '../../src/formats/web.js';
import type { GradeTarget } from '../../src/dominosa/rank/bands.js';
import { allKinds, kindNamed, type KindName } from '../../src/kinds.js';
import { LEVELS } from '../../src/dominosa/grade/ladder.js';
import { TIERS, type Tier } from '../../src/rank/tiers.js';
import { parseShape } from '../../src/sudomino/shape.js';
import { Catalog, type PuzzleRow } from '../catalog/catalog.js';
import { auditItems } from '../audit/audit.js';
import { ItemChecker } from '../audit/item-check.js';
import { jsonLineOfRow, packPuzzleOfRow, type AnyRow } from './rows.js';
import { EXIT_FAILED_CHECK, UserError } from '../runtime/errors.js';
import { stallAt } from '../runtime/faults.js';
import { checkTimeLimit } from '../audit/proof-budget.js';
import { BufferedWriter } from '../io/buffered-writer.js';
import { prepareOutput, writeOutput } from '../io/output.js';
import { readWebAssets } from './web-assets.js';

// Defined with the formats, so the command line can offer them without loading this module.
export { DEFAULT_PACK_NAME, EXPORT_FORMATS, type ExportFormat } from '../../src/formats/pack.js';

/** Formats that are not text: they need --out, never a terminal or pipe. */
const BINARY: ReadonlySet<ExportFormat> = new Set(['pdf']);

export interface ExportOptions {
  db: string;
  format: ExportFormat;
  /** A file path, or '-' for stdout (text formats only). */
  out: string;
  /** The kinds a pack takes (default Dominosa alone); a pack may mix them. */
  kinds?: readonly KindName[];
  /** Dominosa's sizes M and Sudomino's shapes RxC:N to take; absent, every size of the kinds taken. */
  sizes?: readonly number[];
  shapes?: readonly string[];
  tiers?: readonly Tier[];
  /** Only puzzles of this grade: a band's levels or one level. */
  grade?: GradeTarget;
  /** At most this many puzzles, split evenly over the tiers and within a tier over the sizes, drawn with `seed`. */
  count?: number;
  /** This many puzzles of each tier (spread over the sizes), instead of --count. */
  perTier?: number;
  /** This many puzzles of each tier and size, instead of --count. */
  perSize?: number;
  /** Variants as well as bases (default false, whatever the format, so every format selects alike). */
  includeVariants?: boolean;
  seed?: number;
  /** Replace an existing --out file. */
  force?: boolean;
  /** Pack name: the json manifest's name, the booklet's title. */
  name?: string;
  /** The json manifest's creation time (default: now). */
  created?: Date;
  /** Prove every puzzle again, ignoring the verdicts `audit --record` stored. */
  recheck?: boolean;
  /** Each puzzle's proofs give up after this long (--time-limit), refusing the pack; absent: what solve gives its size. */
  timeLimitMs?: number;
  /** Booklets (html, pdf): paper size (default A4) and the domino tally beside each puzzle. */
  paper?: Paper;
  tally?: boolean;
  /** Booklets (html, pdf): the technique each puzzle needs, under its caption. */
  technique?: boolean;
  /** Booklets and the web pack: how numbers are shown (default digits 0..M). */
  faces?: Faces;
}

/** How the puzzles written were checked: trusted on a recorded verdict, or proved again in full. */
export interface VerifyStats {
  trusted: number;
  proved: number;
  /** Why no recorded verdict was trusted at all (none recorded, --recheck, or tampered), or null. */
  distrust: string | null;
  /** The verdicts are there but were changed outside dominosa. */
  tampered: boolean;
}

export interface ExportHooks {
  /** A line for the user (stderr), e.g. that recorded verdicts were set aside. */
  note?(line: string): void;
  /** A one-line warning for the user (stderr), e.g. a pdf glyph no font has. */
  warning?(line: string): void;
  verified?(stats: VerifyStats): void;
}

function boardOf(p: PuzzleRow): Board {
  const res = boardFromGrid(JSON.parse(p.grid), 0);
  if (!res.ok)
    throw new UserError(`puzzle ${p.id} has an invalid grid (${formatBoardError(res.error)}); run dominosa audit`);
  return res.board;
}

/** The filters as the user gave them, for messages. */
function describeFilters(o: ExportOptions, includeVariants: boolean): string {
  const parts: string[] = [];
  if (o.kinds && o.kinds.join() !== 'dominosa') parts.push(`--kind ${o.kinds.join(',')}`);
  if (o.sizes || o.shapes) parts.push(`--sizes ${[...(o.sizes ?? []), ...(o.shapes ?? [])].join(',')}`);
  if (o.tiers) parts.push(`--tiers ${o.tiers.join(',')}`);
  if (o.grade) parts.push(`--grade ${o.grade.name}`);
  const scope = includeVariants ? 'bases and variants' : 'base puzzles only';
  return parts.length ? `${parts.join(' ')} (${scope})` : `(${scope})`;
}

function checkOptions(o: ExportOptions): void {
  if (!(EXPORT_FORMATS as readonly string[]).includes(o.format)) {
    throw new UserError(`unknown export format "${o.format}" (expected ${EXPORT_FORMATS.join(', ')})`);
  }
  if (o.out === '-' && BINARY.has(o.format))
    throw new UserError(`--format ${o.format} is binary: name a file with --out`);
  for (const [flag, v] of [
    ['--count', o.count],
    ['--per-tier', o.perTier],
    ['--per-size', o.perSize],
  ] as const) {
    if (v !== undefined && (!Number.isSafeInteger(v) || v < 1))
      throw new UserError(`${flag} must be a whole number ≥ 1 (got ${v})`);
  }
  if ([o.count, o.perTier, o.perSize].filter((v) => v !== undefined).length > 1) {
    throw new UserError('--count, --per-tier and --per-size are three ways to size a pack; give one');
  }
  if (o.seed !== undefined && !Number.isSafeInteger(o.seed))
    throw new UserError(`--seed must be a whole number (got ${o.seed})`);
  if (o.grade && o.kinds?.includes('sudomino'))
    throw new UserError(`--grade names Dominosa's grades; select Sudomino puzzles by --tiers`);
  checkTimeLimit(o.timeLimitMs);
}

/** Write the selected puzzles out; returns how many were written. */
export async function runExport(
  opts: ExportOptions,
  stdout: NodeJS.WritableStream,
  hooks: ExportHooks = {},
): Promise<number> {
  checkOptions(opts);
  const includeVariants = opts.includeVariants ?? false;
  // Checked before any work: --out is a regular file (or new), and not the catalog read.
  const target =
    opts.out === '-' ? null : prepareOutput(opts.out, { force: opts.force, inputs: [opts.db], what: '--out' });
  const cat = Catalog.open(opts.db, { readonly: true });
  // Selection, checks and rows all come from one snapshot.
  cat.beginRead();
  try {
    // A damaged file can hold sound-looking rows beside damaged pages: refused whole, as audit fails it.
    const quick = cat.quickCheck();
    if (quick !== 'ok')
      throw new UserError(
        `${opts.db} is damaged (${quick}); nothing was written (run dominosa audit)`,
        EXIT_FAILED_CHECK,
      );
    const ids = selectPack(cat, opts, includeVariants, hooks);
    const stats = verifySelection(cat, ids, opts.db, opts.recheck ?? false, opts.timeLimitMs);
    // Verdicts that do not match their digest were edited outside dominosa: say so, then prove.
    if (stats.tampered) hooks.note?.(`${opts.db}: ${stats.distrust}; proved every puzzle again (run dominosa audit)`);
    hooks.verified?.(stats);
    if (opts.faces) checkFaces(cat, ids, opts.faces);
    const rows = function* (): Generator<PuzzleRow> {
      for (const id of ids) yield cat.getPuzzle(id) as PuzzleRow;
    };
    const chunks = render(opts, cat, rows, hooks);
    if (target === null) await writeChunks(chunks as Iterable<string>, stdout);
    else await writeOutput(target, (s) => writeChunks(chunks, s));
    return ids.length;
  } finally {
    cat.endRead();
    cat.close();
  }
}

/** The split the options ask for, or null for every puzzle selected. */
function splitOf(o: ExportOptions): PackSplit | null {
  if (o.count !== undefined) return { by: 'count', count: o.count };
  if (o.perTier !== undefined) return { by: 'per-tier', count: o.perTier };
  if (o.perSize !== undefined) return { by: 'per-size', count: o.perSize };
  return null;
}

/**
 * The pack's ids, in pack order: tiers easy to expert, sizes ascending within a tier, ids
 * ascending within a size. The filters select first; a split then takes its share of each
 * (tier, size), a seeded sample from that cell's own stream, so one cell's draw does not depend
 * on another's. The tiers in play are those named, else those the selection holds.
 */
function selectPack(cat: Catalog, opts: ExportOptions, includeVariants: boolean, hooks: ExportHooks): number[] {
  const sizes = packSizes(cat, opts);
  const named = opts.tiers ?? TIERS;
  const band = opts.grade;
  const grades =
    band === undefined
      ? undefined
      : LEVELS.filter((l) => l.level >= band.minLevel && l.level <= band.maxLevel).map((l) => l.name);
  const groups = new Map<string, number[]>();
  const cells: PackCell<Tier>[] = [];
  const keysOf = new Map<number, number[]>(sizes.map((s) => [s.order, s.keys]));
  for (const tier of named) {
    for (const s of sizes) {
      const ids = cat.puzzleIds({ kind: s.kind, shapes: [s.shape], tiers: [tier], grades, includeVariants });
      groups.set(`${tier}/${s.order}`, ids);
      cells.push({ tier, m: s.order, ...(s.label === undefined ? {} : { label: s.label }), available: ids.length });
    }
  }
  if (cells.every((c) => c.available === 0)) {
    const held = allKinds().flatMap((k) => [...cat.sizeCounts(k.name).keys()]);
    const holds = held.length ? `the catalog holds sizes ${held.join(',')}` : 'the catalog is empty';
    throw new UserError(`no puzzles match ${describeFilters(opts, includeVariants)}; ${holds}`);
  }
  const split = splitOf(opts);
  if (split === null) return cells.flatMap((c) => groups.get(`${c.tier}/${c.m}`) as number[]);
  const tiers = opts.tiers ?? TIERS.filter((t) => cells.some((c) => c.tier === t && c.available > 0));
  const plan = planPack(tiers, cells, split);
  const line = shortfallLine(plan.short);
  if (line !== null) hooks.note?.(line);
  const seed = opts.seed ?? 1;
  return plan.shares.flatMap((s) =>
    sampleOf(
      groups.get(`${s.tier}/${s.m}`) as number[],
      s.take,
      seed,
      TIERS.indexOf(s.tier),
      ...(keysOf.get(s.m) as number[]),
    ),
  );
}

/** One size of a pack: Dominosa's M or a Sudomino shape, its place in pack order and its sample stream's keys. */
interface PackSize {
  kind: KindName;
  shape: string;
  order: number;
  label?: string;
  keys: number[];
}

// Sudomino shapes come after every Dominosa size, and sample from streams of their own.
const SUDOMINO_ORDER = 1_000_000;
const SUDOMINO_SAMPLE_KEY = -2;

/** The sizes the options select, in pack order: Dominosa's by M, then Sudomino's by area and N. */
function packSizes(cat: Catalog, opts: ExportOptions): PackSize[] {
  const kinds = opts.kinds ?? ['dominosa'];
  const out: PackSize[] = [];
  const listed = opts.sizes !== undefined || opts.shapes !== undefined;
  if (kinds.includes('dominosa')) {
    const held = [...cat.sizeCounts('dominosa').keys()].map(Number);
    const ms = [...new Set(listed ? (opts.sizes ?? []) : held)].sort((a, b) => a - b);
    for (const m of ms) out.push({ kind: 'dominosa', shape: String(m), order: m, keys: [m] });
  }
  if (kinds.includes('sudomino')) {
    const shapes = [...new Set(listed ? (opts.shapes ?? []) : cat.sizeCounts('sudomino').keys())].flatMap((text) => {
      const p = parseShape(text);
      return p.ok ? [{ text, ...p.shape }] : [];
    });
    shapes.sort((a, b) => a.rows * a.cols - b.rows * b.cols || a.rows - b.rows || a.values - b.values);
    shapes.forEach((s, i) =>
      out.push({
        kind: 'sudomino',
        shape: s.text,
        order: SUDOMINO_ORDER + i,
        label: s.text,
        keys: [SUDOMINO_SAMPLE_KEY, s.rows, s.cols, s.values],
      }),
    );
  }
  return out;
}

/**
 * Check every puzzle about to be written, as audit does (unique by both solvers, stored solution,
 * nodes, grade, tier, hash, checksum, variant = base transformed), before anything is written: a
 * damaged or tampered catalog is refused whole instead of shipping one wrong puzzle. A puzzle
 * whose verdict `audit --record` stored still holds (same row, same base, this release's judges)
 * skips the proofs, which are all it would repeat; its row checks (checksum, tier under the
 * current cuts, agreement with its base) run every time. Each puzzle's proofs have a budget
 * (proof-budget.ts): one that runs out refuses the pack as any failed check does.
 */
function verifySelection(
  cat: Catalog,
  ids: readonly number[],
  db: string,
  recheck: boolean,
  timeLimitMs: number | undefined,
): VerifyStats {
  const items = auditItems(cat);
  const recorded = recheck ? ({ ok: false, why: '--recheck', tampered: false } as const) : cat.readVerdicts();
  const stats: VerifyStats = {
    trusted: 0,
    proved: 0,
    distrust: recorded.ok ? null : recorded.why,
    tampered: !recorded.ok && recorded.tampered,
  };
  const checker = new ItemChecker();
  for (const id of ids) {
    const it = items.itemFor(id);
    if (it.rule === null) {
      const { kind, shape } = cat.getPuzzle(id) as PuzzleRow;
      throw new UserError(
        `${db} has no tier thresholds for ${kindNamed(kind).sizes.label(shape)}, so its tiers cannot be checked; nothing was written (run dominosa audit)`,
        EXIT_FAILED_CHECK,
      );
    }
    const trusted =
      recorded.ok && staleVerdict(recorded.verdicts.get(id), it, kindNamed(it.puzzle.kind).checks.versions) === null;
    if (trusted) stats.trusted++;
    else stats.proved++;
    const failures = trusted ? checker.checkRow(it) : checker.check(it, timeLimitMs);
    if (failures.length > 0) {
      const f = failures[0];
      throw new UserError(
        `puzzle ${id} fails its checks (${f.kind}: ${f.detail}); nothing was written (run dominosa audit --db ${db})`,
        EXIT_FAILED_CHECK,
      );
    }
  }
  return stats;
}

/** Faces every selected Dominosa board can show (pips go to double-9), checked before anything is written; Sudomino prints digits. */
function checkFaces(cat: Catalog, ids: readonly number[], faces: Faces): void {
  for (const id of ids) {
    const p = cat.getPuzzle(id) as AnyRow;
    if (p.kind === 'sudomino') continue;
    const why = facesError(p.m, faces);
    if (why !== null) throw new UserError(`--${faces}: puzzle ${id} cannot be drawn: ${why} (select --sizes up to 9)`);
  }
}

type Chunks = Iterable<string> | Promise<Uint8Array>;

/** The output as text chunks (streamed for jsonl, whole for the packs) or, for pdf, bytes. */
function render(opts: ExportOptions, cat: Catalog, rows: () => Iterable<AnyRow>, hooks: ExportHooks): Chunks {
  // Without --name a pack is named for its kinds: "Dominosa" as ever, "Sudomino", or both.
  const nameOf = (ps: readonly AnyPackPuzzle[]): string =>
    opts.name ?? (ps.length ? kindWords(kindsOf(ps)) : DEFAULT_PACK_NAME);
  const all = (): AnyPackPuzzle[] => Array.from(rows(), packPuzzleOfRow);
  const book = (ps: readonly AnyPackPuzzle[]): BookletOptions => ({
    title: nameOf(ps),
    paper: opts.paper,
    tally: opts.tally,
    faces: opts.faces,
    technique: opts.technique,
  });
  switch (opts.format) {
    case 'jsonl':
      return (function* () {
        for (const p of rows()) yield jsonLineOfRow(p);
      })();
    case 'csv':
      return (function* () {
        yield csvHeader();
        for (const p of rows()) yield csvRow(packPuzzleOfRow(p));
      })();
    case 'tatham': {
      // Refused before the first line, so a pipe never gets half a pack.
      const refusal = tathamRefusal(rows());
      if (refusal !== null) throw new UserError(refusal);
      return (function* () {
        // The catalog id on a comment line above each ID: solve and grade read both back.
        for (const p of rows()) yield `# id: ${p.id}\n${toTathamId(boardOf(p))}\n`;
      })();
    }
    case 'text':
      return [buildPackText(all())];
    case 'json': {
      const list = Array.from(rows());
      const builds = [...new Set(list.map((p) => p.build_id))];
      // The build the puzzles came from; several builds are named together; none: null.
      const buildId = builds.length === 1 ? builds[0] : builds.filter((b) => b !== null).join('+') || null;
      const schema = Number(cat.metaValue('schema_version') ?? SCHEMA_VERSION);
      const puzzles = list.map(packPuzzleOfRow);
      const meta = {
        name: nameOf(puzzles),
        created: (opts.created ?? new Date()).toISOString(),
        buildId,
        schemaVersion: schema,
      };
      return [buildPackJson(puzzles, meta)];
    }
    case 'html': {
      const puzzles = all();
      return [buildBookletHtml(puzzles, book(puzzles)).html];
    }
    case 'web': {
      const puzzles = all();
      return [webPage(puzzles, nameOf(puzzles), opts.faces)];
    }
    case 'pdf':
      // pdf-lib takes a fifth of a second to load: only the pdf format pays for it.
      return Promise.all([import('../../src/formats/pdf.js'), import('./fonts.js')]).then(
        async ([{ buildBookletPdf }, { bookletFonts, missingGlyphsWarning }]) => {
          const puzzles = all();
          const r = await buildBookletPdf(puzzles, { ...book(puzzles), fonts: bookletFonts(), pageDone: pdfPageDone });
          const warning = missingGlyphsWarning(r.missing);
          if (warning !== null) hooks.warning?.(warning);
          return r.bytes;
        },
      );
    default: {
      const unknown: never = opts.format;
      throw new Error(`format ${String(unknown)} has no writer`);
    }
  }
}

/** Between pdf pages: hand the event loop a turn, so a signal stops a long booklet at once. */
async function pdfPageDone(): Promise<void> {
  await stallAt('pdf:page');
  await new Promise<void>((resolve) => setImmediate(resolve));
}

/** The playable page of puzzles of either kind (a pack may mix them), or a one-line refusal when it would pass its size limit. */
function webPage(puzzles: readonly AnyPackPuzzle[], name: string, faces?: Faces): string {
  const page = buildWebHtml(webPackData(puzzles, name, faces), readWebAssets());
  if (!page.ok) throw new UserError(page.error);
  return page.html;
}

async function writeChunks(chunks: Chunks, stream: NodeJS.WritableStream): Promise<void> {
  const out = new BufferedWriter(stream as never);
  // A stream that fails (EPIPE when a reader such as `head` closes early) never drains again:
  // stop waiting on it and throw its error, for the shell to report.
  let failure: unknown = null;
  let onError: (e: unknown) => void = () => {};
  const failed = new Promise<void>((resolve) => {
    onError = (e) => {
      failure ??= e;
      resolve();
    };
    stream.on('error', onError);
  });
  const guard = async (p: Promise<void>): Promise<void> => {
    await Promise.race([p, failed]);
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- re-throws what the stream emitted, as it was
    if (failure) throw failure;
  };
  try {
    if (chunks instanceof Promise) {
      const bytes = await chunks;
      await guard(
        new Promise<void>((resolve) => {
          if (stream.write(bytes)) resolve();
          else stream.once('drain', () => resolve());
        }),
      );
      return;
    }
    for (const text of chunks) await guard(out.write(text));
    await guard(out.flush());
  } finally {
    stream.off('error', onError);
  }
}
