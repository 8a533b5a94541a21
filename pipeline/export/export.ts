// `dominosa export`: select puzzles (sizes, tiers, variants; a balanced seeded sample of --count,
// --per-tier or --per-size) and write them in one of the pack formats, to stdout (text formats)
// or to a file that appears only when complete (a temporary name, then renamed; --force to replace).
// Every kind-specific part of a pack is its kind's (src/formats/kind.ts); this verb knows no kind.
import {
  planPack,
  shortfallLine,
  type EmptyReason,
  type PackCell,
  type PackKind,
  type PackSplit,
} from '../../src/catalog/balance.js';
import { sampleOf } from '../../src/catalog/sample.js';
import { SCHEMA_VERSION } from '../../src/catalog/schema.js';
import { staleVerdict } from '../../src/catalog/verdict.js';
import type { BookletOptions, Paper, SolutionsPlace } from '../../src/formats/booklet.js';
import { buildBookletHtml } from '../../src/formats/booklet-html.js';
import { csvHeader, csvRow } from '../../src/formats/csv.js';
import type { Faces } from '../../src/formats/faces.js';
import { kindWords, sampleStream, type PackPuzzle } from '../../src/formats/kind.js';
import { EXPORT_FORMATS, buildPackJson, buildPackText, packName, type ExportFormat } from '../../src/formats/pack.js';
import { buildWebHtml, webPackData } from '../../src/formats/web.js';
import { allKinds, DEFAULT_KIND, kindNamed, type KindName, type PuzzleKind } from '../../src/kinds.js';
import { TIERS, type Tier } from '../../src/rank/tiers.js';
import { Catalog, type PuzzleRow } from '../catalog/catalog.js';
import { auditItems } from '../audit/audit.js';
import { ItemChecker } from '../audit/item-check.js';
import type { AuditAnswer, AuditTask } from '../audit/worker.js';
import { OffThread } from '../runtime/off-thread.js';
import { jsonLineOfRow, packPuzzleOfRow } from './rows.js';
import { EXIT_FAILED_CHECK, UserError } from '../runtime/errors.js';
import { stallAt } from '../runtime/faults.js';
import { checkTimeLimit } from '../audit/proof-budget.js';
import { BufferedWriter } from '../io/buffered-writer.js';
import { rmSync } from 'node:fs';
import { extname } from 'node:path';
import { prepareOutput, writeOutput, writeOutputSync } from '../io/output.js';
import { readWebAssets } from './web-assets.js';
import { checkSourceDate, stampDate } from '../runtime/source-date.js';

// Defined with the formats, so the command line can offer them without loading this module.
export { EXPORT_FORMATS, type ExportFormat } from '../../src/formats/pack.js';

/** Formats that are not text: they need --out, never a terminal or pipe. */
const BINARY: ReadonlySet<ExportFormat> = new Set(['pdf']);
const BOOKLETS: ReadonlySet<ExportFormat> = new Set(['html', 'pdf']);

/** The answer booklet's file beside the booklet's: book.pdf's is book.solutions.pdf. */
export function answersPath(out: string): string {
  const ext = extname(out);
  return `${out.slice(0, out.length - ext.length)}.solutions${ext}`;
}

export interface ExportOptions {
  db: string;
  format: ExportFormat;
  /** A file path, or '-' for stdout (text formats only). */
  out: string;
  /** The kinds a pack takes (default: the default kind alone); a pack may mix them. */
  kinds?: readonly KindName[];
  /** The sizes to take, by kind, as keys ("6", "8x8:6"); absent, every size of the kinds taken (a kind not named: none). */
  sizes?: Readonly<Record<KindName, readonly string[]>>;
  tiers?: readonly Tier[];
  /** Only puzzles of this grade: a band or one level, as the kinds taken read the --grade text. */
  grade?: string;
  /**
   * At most this many puzzles, split evenly over the kinds, then each kind's part over its tiers
   * and a tier's over its sizes, drawn with `seed`; absent (and no per- split): every puzzle selected.
   */
  count?: number;
  /** This many puzzles of each kind (split over its tiers, then sizes), instead of --count. */
  perKind?: number;
  /** This many puzzles of each tier of each kind (spread over the sizes), instead of --count. */
  perTier?: number;
  /** This many puzzles of each kind's tier and size, instead of --count. */
  perSize?: number;
  /** Variants as well as bases (default false, whatever the format, so every format selects alike). */
  includeVariants?: boolean;
  seed?: number;
  /** Replace an existing --out file. */
  force?: boolean;
  /** Pack name: the json manifest's name, the booklet's title. */
  name?: string;
  /** The json manifest's creation time (default: SOURCE_DATE_EPOCH's when set, else now). */
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
  /** Booklets (html, pdf): puzzles per puzzle page (default: as many as read well). */
  perPage?: number;
  /** Booklets (html, pdf): where the solutions go (default at the back); `separate` writes <out>.solutions.<ext>. */
  solutions?: SolutionsPlace;
  /** Booklets (html, pdf): notes pages up to a multiple of this many pages. */
  padTo?: number;
  /** Booklets (html, pdf): a line on the cover and in every footer. */
  credit?: string;
  /** Booklets and the web pack: how numbers are shown (default digits). */
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

/** The kinds the options take, in the registry's order. */
function kindsTaken(o: ExportOptions): PuzzleKind[] {
  const names = o.kinds ?? [DEFAULT_KIND];
  return allKinds().filter((k) => names.includes(k.name));
}

/** The filters as the user gave them, for messages; for one kind, without --kind and with its sizes alone. */
function describeFilters(o: ExportOptions, includeVariants: boolean, kind?: PuzzleKind): string {
  const parts: string[] = [];
  if (kind === undefined && o.kinds && o.kinds.join() !== DEFAULT_KIND) parts.push(`--kind ${o.kinds.join(',')}`);
  if (o.sizes)
    parts.push(
      `--sizes ${(kind === undefined ? allKinds() : [kind]).flatMap((k) => o.sizes?.[k.name] ?? []).join(',')}`,
    );
  if (o.tiers) parts.push(`--tiers ${o.tiers.join(',')}`);
  if (o.grade) parts.push(`--grade ${o.grade}`);
  const scope = includeVariants ? 'bases and variants' : 'base puzzles only';
  return parts.length ? `${parts.join(' ')} (${scope})` : `(${scope})`;
}

function checkOptions(o: ExportOptions): void {
  if (!(EXPORT_FORMATS as readonly string[]).includes(o.format)) {
    throw new UserError(`unknown export format "${o.format}" (expected ${EXPORT_FORMATS.join(', ')})`);
  }
  if (o.out === '-' && BINARY.has(o.format))
    throw new UserError(`--format ${o.format} is binary: name a file with --out`);
  if (o.out === '-' && o.solutions === 'separate')
    throw new UserError('--solutions separate writes a second file beside --out: name a file with --out');
  for (const [flag, v] of [
    ['--count', o.count],
    ['--per-kind', o.perKind],
    ['--per-tier', o.perTier],
    ['--per-size', o.perSize],
  ] as const) {
    if (v !== undefined && (!Number.isSafeInteger(v) || v < 1))
      throw new UserError(`${flag} must be a whole number ≥ 1 (got ${v})`);
  }
  if ([o.count, o.perKind, o.perTier, o.perSize].filter((v) => v !== undefined).length > 1) {
    throw new UserError('--count, --per-kind, --per-tier and --per-size are four ways to size a pack; give one');
  }
  if (o.seed !== undefined && !Number.isSafeInteger(o.seed))
    throw new UserError(`--seed must be a whole number (got ${o.seed})`);
  const ungraded = o.grade ? kindsTaken(o).find((k) => k.formats.grades === undefined) : undefined;
  if (ungraded !== undefined) {
    const graded = kindWords(allKinds().filter((k) => k.formats.grades !== undefined));
    throw new UserError(`--grade names ${graded}'s grades; select ${ungraded.title} puzzles by --tiers`);
  }
  // Each kind taken reads the grade text: a text none of them reads is refused before the catalog is.
  const grade = o.grade;
  if (grade !== undefined)
    for (const k of kindsTaken(o)) {
      const names = k.formats.grades?.(grade);
      if (names?.ok === false) throw new UserError(`--grade: ${names.error}`);
    }
  checkTimeLimit(o.timeLimitMs);
  // The json manifest's time stamp comes from it.
  if (o.format === 'json' && o.created === undefined) checkSourceDate();
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
  const answersTarget =
    opts.solutions === 'separate' && BOOKLETS.has(opts.format)
      ? prepareOutput(answersPath(opts.out), {
          force: opts.force,
          inputs: [opts.db, opts.out],
          what: '--solutions separate',
        })
      : null;
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
    const stats = await verifySelection(cat, ids, opts.db, opts.recheck ?? false, opts.timeLimitMs);
    // Verdicts that do not match their digest were edited outside dominosa: say so, then prove.
    if (stats.tampered) hooks.note?.(`${opts.db}: ${stats.distrust}; proved every puzzle again (run dominosa audit)`);
    hooks.verified?.(stats);
    if (opts.faces) checkFaces(cat, ids, opts.faces);
    const rows = function* (): Generator<PuzzleRow> {
      for (const id of ids) yield cat.getPuzzle(id) as PuzzleRow;
    };
    const answers: { data?: string | Uint8Array } = {};
    const chunks = render(opts, cat, rows, hooks, answers);
    if (target === null) await writeChunks(chunks as Iterable<string>, stdout);
    else if (answersTarget === null) await writeOutput(target, (s) => writeChunks(chunks, s));
    else {
      // Both made whole in memory first, then written: the answers, then the booklet, whose
      // failure takes the answers back, so the two files come together or not at all.
      const main = chunks instanceof Promise ? await chunks : [...chunks].join('');
      writeOutputSync(answersTarget, answers.data ?? '');
      try {
        writeOutputSync(target, main);
      } catch (e) {
        rmSync(answersTarget.final, { force: true });
        throw e;
      }
    }
    return ids.length;
  } finally {
    cat.endRead();
    cat.close();
  }
}

/** The split the options ask for, or null for every puzzle selected. */
function splitOf(o: ExportOptions): PackSplit | null {
  if (o.count !== undefined) return { by: 'count', count: o.count };
  if (o.perKind !== undefined) return { by: 'per-kind', count: o.perKind };
  if (o.perTier !== undefined) return { by: 'per-tier', count: o.perTier };
  if (o.perSize !== undefined) return { by: 'per-size', count: o.perSize };
  return null;
}

/**
 * The pack's ids, in pack order: tiers easy to expert, sizes ascending within a tier, ids
 * ascending within a size. The filters select first; a split then takes its share of each
 * (kind, tier, size) as balance.ts plans it, a seeded sample from that cell's own stream, so one
 * cell's draw does not depend on another's. A kind's tiers in play are those named, else those
 * its selection holds. Without --sizes an expert share prefers the larger sizes. A kind taken
 * that gives nothing is named on stderr, with why.
 */
function selectPack(cat: Catalog, opts: ExportOptions, includeVariants: boolean, hooks: ExportHooks): number[] {
  const sizes = packSizes(cat, opts);
  const named = opts.tiers ?? TIERS;
  const band = opts.grade;
  const groups = new Map<string, number[]>();
  const cells: PackCell<Tier>[] = [];
  for (const tier of named) {
    for (const s of sizes) {
      const read = band === undefined ? undefined : kindNamed(s.kind).formats.grades?.(band);
      const grades = read?.ok === true ? read.value : undefined;
      const ids = cat.puzzleIds({ kind: s.kind, shapes: [s.key], tiers: [tier], grades, includeVariants });
      groups.set(`${tier}/${s.order}`, ids);
      cells.push({ kind: s.kind, tier, order: s.order, label: s.label, available: ids.length });
    }
  }
  if (cells.every((c) => c.available === 0)) {
    const held = allKinds().flatMap((k) => [...cat.sizeCounts(k.name).keys()]);
    const holds = held.length ? `the catalog holds sizes ${held.join(',')}` : 'the catalog is empty';
    throw new UserError(`no puzzles match ${describeFilters(opts, includeVariants)}; ${holds}`);
  }
  const taken = kindsTaken(opts);
  const kinds: PackKind<Tier>[] = taken.map((k) => ({
    name: k.name,
    tiers: opts.tiers ?? TIERS.filter((t) => cells.some((c) => c.kind === k.name && c.tier === t && c.available > 0)),
    largerFirst: opts.sizes === undefined ? ['expert'] : [],
  }));
  const seed = opts.seed ?? 1;
  const plan = planPack({ tierOrder: TIERS, kinds, cells, split: splitOf(opts), seed });
  const several = plan.empty.length < taken.length - 1;
  const line = shortfallLine(plan.short, several ? (k) => kindNamed(k).title : undefined);
  if (line !== null) hooks.note?.(line);
  for (const e of plan.empty) hooks.note?.(emptyKindLine(cat, opts, includeVariants, kindNamed(e.kind), e.why));
  const keysOf = new Map(sizes.map((s) => [s.order, s.sampleKeys]));
  return plan.shares.flatMap((s) =>
    sampleOf(
      groups.get(`${s.tier}/${s.order}`) as number[],
      s.take,
      seed,
      TIERS.indexOf(s.tier),
      ...(keysOf.get(s.order) as number[]),
    ),
  );
}

/** The one line saying a kind taken gives the pack nothing, and why. */
function emptyKindLine(
  cat: Catalog,
  opts: ExportOptions,
  includeVariants: boolean,
  kind: PuzzleKind,
  why: EmptyReason,
): string {
  const head = `the pack holds no ${kind.title} puzzles`;
  const word = kind.formats.sizeWord ?? 'size';
  if (why === 'no-share') {
    const n = kindsTaken(opts).length;
    return `${head}: --count ${opts.count ?? 0} is fewer than the ${n} kinds taken (ask for ${n} or more, or give --per-kind)`;
  }
  if (why === 'ran-short') return `${head}: its share fell on tiers that hold none of its puzzles`;
  const held = [...cat.sizeCounts(kind.name).keys()]
    .filter((key) => kind.sizes.parse(key).ok)
    .sort((a, b) => kind.sizes.compare(a, b));
  if (held.length === 0) return `${head}: the catalog holds none`;
  if (opts.sizes !== undefined && (opts.sizes[kind.name] ?? []).length === 0)
    return `${head}: --sizes names no ${kind.title} ${word} (the catalog holds ${held.join(',')}); add one to take it`;
  return `${head}: none matches ${describeFilters(opts, includeVariants, kind)}`;
}

/** One size of a pack: its kind and key, its place in pack order, its label and its sample stream's keys. */
interface PackSize {
  kind: KindName;
  key: string;
  order: number;
  label: string;
  sampleKeys: number[];
}

/**
 * The sizes the options select, in pack order: the kinds taken in the registry's order, each
 * kind's sizes in its own order, smallest first. Sizes listed are taken as listed (a kind taken
 * with none listed gives none); else every size the catalog holds that the kind reads.
 */
function packSizes(cat: Catalog, opts: ExportOptions): PackSize[] {
  const out: PackSize[] = [];
  for (const kind of kindsTaken(opts)) {
    const keys =
      opts.sizes === undefined
        ? [...cat.sizeCounts(kind.name).keys()].filter((key) => kind.sizes.parse(key).ok)
        : (opts.sizes[kind.name] ?? []);
    for (const key of [...new Set(keys)].sort((a, b) => kind.sizes.compare(a, b)))
      out.push({
        kind: kind.name,
        key,
        order: out.length,
        label: kind.sizes.label(key),
        sampleKeys: sampleStream(kind, key),
      });
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
async function verifySelection(
  cat: Catalog,
  ids: readonly number[],
  db: string,
  recheck: boolean,
  timeLimitMs: number | undefined,
): Promise<VerifyStats> {
  const items = auditItems(cat);
  const recorded = recheck ? ({ ok: false, why: '--recheck', tampered: false } as const) : cat.readVerdicts();
  const stats: VerifyStats = {
    trusted: 0,
    proved: 0,
    distrust: recorded.ok ? null : recorded.why,
    tampered: !recorded.ok && recorded.tampered,
  };
  const checker = new ItemChecker();
  // Proofs run in a worker thread, so a signal is heard at once, even inside one.
  let thread: OffThread<AuditTask, AuditAnswer> | null = null;
  try {
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
      const failures = trusted
        ? checker.checkRow(it)
        : (await (thread ??= new OffThread('audit/worker.js', 'servedBatch')).run({ items: [it], timeLimitMs }))
            .failures;
      if (failures.length > 0) {
        const f = failures[0];
        throw new UserError(
          `puzzle ${id} fails its checks (${f.kind}: ${f.detail}); nothing was written (run dominosa audit --db ${db})`,
          EXIT_FAILED_CHECK,
        );
      }
    }
  } finally {
    await thread?.close();
  }
  return stats;
}

/** Faces every selected board can show, as its kind says, checked before anything is written. */
function checkFaces(cat: Catalog, ids: readonly number[], faces: Faces): void {
  for (const id of ids) {
    const p = cat.getPuzzle(id) as PuzzleRow;
    const why = kindNamed(p.kind).formats.facesError?.(p, faces) ?? null;
    if (why !== null) throw new UserError(`--${faces}: puzzle ${id} cannot be drawn: ${why}`);
  }
}

/** Whether a kind has what a format needs of it. */
function writes(kind: PuzzleKind, format: ExportFormat): boolean {
  const f = kind.formats;
  switch (format) {
    case 'jsonl':
      return f.pack !== undefined || f.jsonLine !== undefined;
    case 'tatham':
      return f.tatham !== undefined;
    case 'json':
    case 'text':
    case 'csv':
      return f.pack !== undefined;
    case 'html':
    case 'pdf':
      return f.pack !== undefined && f.booklet !== undefined;
    case 'web':
      return f.pack !== undefined && f.web !== undefined;
  }
}

/**
 * The line refusing a pack holding a puzzle of a kind the format does not write, naming the
 * first, or null. Asked before the first line, so a pipe never gets half a pack.
 */
export function formatRefusal(format: ExportFormat, rows: Iterable<Pick<PuzzleRow, 'id' | 'kind'>>): string | null {
  if (allKinds().every((k) => writes(k, format))) return null;
  const checked = new Set<KindName>();
  for (const p of rows) {
    if (checked.has(p.kind)) continue;
    const kind = kindNamed(p.kind);
    if (writes(kind, format)) {
      checked.add(p.kind);
      continue;
    }
    if (format === 'tatham') {
      // His collection is the one that has the kinds with game IDs.
      const his = kindWords(allKinds().filter((k) => writes(k, 'tatham')));
      return `--format tatham writes Simon Tatham's ${his} game IDs, and puzzle ${p.id} is ${kind.title}, which his collection does not have`;
    }
    return `--format ${format} does not write ${kind.title} puzzles, and puzzle ${p.id} is one`;
  }
  return null;
}

type Chunks = Iterable<string> | Promise<Uint8Array>;

/** The output as text chunks (streamed for jsonl, whole for the packs) or, for pdf, bytes. */
function render(
  opts: ExportOptions,
  cat: Catalog,
  rows: () => Iterable<PuzzleRow>,
  hooks: ExportHooks,
  answers: { data?: string | Uint8Array } = {},
): Chunks {
  const refusal = formatRefusal(opts.format, rows());
  if (refusal !== null) throw new UserError(refusal);
  const kinds = allKinds();
  // Without --name a pack is named for its kinds: "Dominosa" as ever, "Sudomino", or both.
  const nameOf = (ps: readonly PackPuzzle[]): string => opts.name ?? packName(ps, kinds);
  const all = (): PackPuzzle[] => Array.from(rows(), packPuzzleOfRow);
  const book = (ps: readonly PackPuzzle[]): BookletOptions => ({
    title: nameOf(ps),
    paper: opts.paper,
    tally: opts.tally,
    faces: opts.faces,
    technique: opts.technique,
    perPage: opts.perPage,
    solutions: opts.solutions,
    padTo: opts.padTo,
    credit: opts.credit,
  });
  switch (opts.format) {
    case 'jsonl':
      return (function* () {
        for (const p of rows()) yield jsonLineOfRow(p);
      })();
    case 'csv':
      return (function* () {
        yield csvHeader();
        for (const p of rows()) yield csvRow(packPuzzleOfRow(p), kinds);
      })();
    case 'tatham':
      return (function* () {
        // The catalog id on a comment line above each ID: solve and grade read both back.
        for (const p of rows()) {
          const id = (kindNamed(p.kind).formats.tatham as NonNullable<PuzzleKind['formats']['tatham']>)(p);
          if (!id.ok) throw new UserError(id.error);
          yield `# id: ${p.id}\n${id.value}\n`;
        }
      })();
    case 'text':
      return [buildPackText(all(), kinds)];
    case 'json': {
      const list = Array.from(rows());
      const builds = [...new Set(list.map((p) => p.build_id))];
      // The build the puzzles came from; several builds are named together; none: null.
      const buildId = builds.length === 1 ? builds[0] : builds.filter((b) => b !== null).join('+') || null;
      const schema = Number(cat.metaValue('schema_version') ?? SCHEMA_VERSION);
      const puzzles = list.map(packPuzzleOfRow);
      const meta = {
        name: nameOf(puzzles),
        created: (opts.created ?? stampDate()).toISOString(),
        buildId,
        schemaVersion: schema,
      };
      return [buildPackJson(puzzles, kinds, meta)];
    }
    case 'html': {
      const puzzles = all();
      const b = buildBookletHtml(puzzles, kinds, book(puzzles));
      if (b.answers) answers.data = b.answers.html;
      return [b.html];
    }
    case 'web': {
      const puzzles = all();
      return [webPage(puzzles, nameOf(puzzles), opts.faces)];
    }
    case 'pdf':
      // pdf-lib takes a fifth of a second to load: only the pdf format pays for it.
      return Promise.all([import('../../src/formats/pdf.js'), import('./fonts.js'), import('./cjk-fonts.js')]).then(
        async ([{ buildBookletPdf }, { bookletFonts, missingGlyphsWarning }, { cjkFaces }]) => {
          const puzzles = all();
          const options = book(puzzles);
          // Chinese, Japanese or Korean text is the user's (the title, the credit): a font cut to it, if any.
          const cjk = await cjkFaces([options.title, options.credit ?? '']);
          const r = await buildBookletPdf(puzzles, kinds, {
            ...options,
            fonts: { ...bookletFonts(), ...(cjk === null ? {} : { cjk }) },
            pageDone: pdfPageDone,
          });
          const warning = missingGlyphsWarning(r.missing);
          if (warning !== null) hooks.warning?.(warning);
          if (r.answers) answers.data = r.answers.bytes;
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

/** The playable page of the puzzles (a pack may mix kinds), or a one-line refusal when it would pass its size limit. */
function webPage(puzzles: readonly PackPuzzle[], name: string, faces?: Faces): string {
  const page = buildWebHtml(webPackData(puzzles, allKinds(), name, faces), readWebAssets());
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
