// The catalog as the verbs see it: one object over the catalog layer's rooms (open, lock,
// schema, digests, soundness, one module per table), each method handing on to the room that
// owns it. No SQL here: a table's statements live in its module.
import type Database from 'better-sqlite3';
import type { Failure } from '../../src/catalog/check.js';
import type { SchemaObject, StoredDigest } from '../../src/catalog/digest.js';
import type { PuzzleRecord } from '../../src/catalog/row.js';
import type { BuildStatus, OptionalTable, SlotOutcome } from '../../src/catalog/schema.js';
import type { VerdictRow } from '../../src/catalog/verdict.js';
import type { TierRule } from '../../src/rank/rule.js';
import type { KindName, PuzzleKind } from '../../src/kinds.js';
import type { Tier } from '../../src/rank/tiers.js';
import * as builds from './builds.js';
import type { Connection } from './connection.js';
import * as digests from './digests.js';
import * as meta from './meta.js';
import { inspectCatalog, openBeside, openCatalog, openWriter, type OpenOptions } from './open.js';
import * as puzzles from './puzzles.js';
import { retier } from './retier.js';
import { assertKindFits, optionalTables, schemaObjects } from './schema.js';
import * as slots from './slots.js';
import * as soundness from './soundness.js';
import * as thresholds from './thresholds.js';
import * as verdicts from './verdicts.js';
import * as versions from './versions.js';

export type { BuildRow, NewBuild } from './builds.js';
export type { OpenOptions } from './open.js';
export type { NewPuzzle, PuzzleFilter, PuzzleRow, TierStat } from './puzzles.js';
export { EmptyDatabaseError, SchemaVersionError, expectedSchema, optionalSchema } from './schema.js';
export type { SlotRow } from './slots.js';
export type { StoredRule } from './thresholds.js';

export class Catalog {
  readonly db: Database.Database;
  readonly path: string;

  private constructor(private readonly conn: Connection) {
    this.db = conn.db;
    this.path = conn.path;
  }

  /** Open a catalog (open.ts: refuses what is not one of this release; a writer takes the lock). */
  static open(path: string, options: OpenOptions = {}): Catalog {
    return new Catalog(openCatalog(path, options));
  }

  /** Read a catalog, if any, to plan a write, changing nothing; returns the plan and the stamp openWriter takes. */
  static inspect<T>(path: string, fn: (cat: Catalog | null) => T, willWrite = true): { plan: T; stamp: string | null } {
    return inspectCatalog(path, (conn) => fn(conn === null ? null : new Catalog(conn)), willWrite);
  }

  /** Open to write what inspect() planned, refused if the catalog changed since. */
  static openWriter(path: string, verb: string, stamp: string | null): Catalog {
    return new Catalog(openWriter(path, verb, stamp));
  }

  /** A second connection of a lock-holding writer's process (the build's store thread). */
  static openBeside(path: string): Catalog {
    return new Catalog(openBeside(path));
  }

  // --- connection, transactions, digests ---
  /** Close; a writer's close makes the catalog one file again, or fails saying why (connection.ts). */
  close(): void {
    this.conn.close();
  }
  /** Close after a failure the caller reports itself: nothing the close meets is said. */
  abandon(): void {
    this.conn.abandon();
  }
  transaction<T>(fn: () => T): T {
    return this.conn.transaction(fn);
  }
  beginRead(): void {
    this.conn.beginRead();
  }
  endRead(): void {
    this.conn.endRead();
  }
  /** Copy what the WAL holds into the file as far as no reader needs it, without waiting for anyone. */
  checkpoint(): void {
    this.conn.checkpoint();
  }
  /** A writer takes up its running digests again after another connection of its process wrote (openBeside). */
  reloadDigests(): void {
    if (this.conn.holder !== null) this.conn.digests.load(digests.storedDigests(this.db));
  }
  storedDigests(): Map<string, StoredDigest> {
    return digests.storedDigests(this.db);
  }
  stamp(): string {
    return digests.stamp(this.db);
  }
  computeDigests(eachPuzzle?: (p: puzzles.PuzzleRow) => void): Map<string, StoredDigest> {
    return digests.computeDigests(this.db, eachPuzzle);
  }
  schemaObjects(): SchemaObject[] {
    return schemaObjects(this.db);
  }
  optionalTables(): OptionalTable[] {
    return optionalTables(this.db);
  }

  // --- soundness ---
  assertSound(): void {
    soundness.assertSound(this.conn);
  }
  /** Refuse a kind the catalog was made without (its tables have no place for its rows). */
  assertKindFits(kind: PuzzleKind): void {
    assertKindFits(this.db, this.path, kind);
  }
  /** SQLite's quick check of every page: 'ok', or the first thing wrong. */
  quickCheck(): string {
    return soundness.quickCheck(this.conn);
  }
  /** The schema's objects and its digest entry against this release's, reading no other row. */
  checkSchema(): Failure[] {
    return soundness.checkSchema(this.conn);
  }
  checkIntegrityOfCatalog(eachPuzzle?: (p: puzzles.PuzzleRow) => void): Failure[] {
    return soundness.checkIntegrityOfCatalog(this.conn, eachPuzzle);
  }
  /** The same as a walk: every puzzle row in id order as the digest counts it, then the failures. */
  walkIntegrityOfCatalog(): Generator<puzzles.PuzzleRow, Failure[], undefined> {
    return soundness.walkIntegrityOfCatalog(this.conn);
  }

  // --- meta ---
  putMeta(key: string, value: string): void {
    meta.putMeta(this.conn, key, value);
  }
  metaValue(key: string): string | null {
    return meta.metaValue(this.conn, key);
  }

  // --- builds ---
  builds(): builds.BuildRow[] {
    return builds.allBuilds(this.conn);
  }
  findBuild(key: string): builds.BuildRow | undefined {
    return builds.findBuild(this.conn, key);
  }
  createBuild(b: Omit<builds.BuildRow, 'id' | 'finished_at' | 'counts'>): number {
    return builds.createBuild(this.conn, b);
  }
  /** Insert a build row as it was (a migration keeps every build's id and fields). */
  insertBuild(b: builds.NewBuild): number {
    return builds.insertBuild(this.conn, b);
  }
  resumeBuild(id: number, options: string): void {
    builds.resumeBuild(this.conn, id, options);
  }
  updateBuild(id: number, status: BuildStatus, counts: unknown, finishedAt: string | null): void {
    builds.updateBuild(this.conn, id, status, counts, finishedAt);
  }
  setBuildStatus(id: number, status: BuildStatus, finishedAt: string | null): void {
    builds.setBuildStatus(this.conn, id, status, finishedAt);
  }

  // --- thresholds ---
  /** Record the rule a build (buildId) or the catalog (null) tiers a kind's size with, replacing the old one. */
  writeThresholds(buildId: number | null, kind: KindName, size: string, rule: TierRule, solverVersion: string): void {
    thresholds.writeThresholds(this.conn, buildId, kind, size, rule, solverVersion);
  }
  /** A build's (or the current, null) rules of a kind's sizes, by key, in the kind's order. */
  readThresholds(buildId: number | null, kind: KindName): Map<string, thresholds.StoredRule> {
    return new Map(puzzles.inSizeOrder(kind, [...thresholds.readThresholds(this.conn, buildId, kind)]));
  }

  // --- slots ---
  /** Insert slot rows (a build's writer, a batch at a time). */
  insertSlotValues(rows: readonly slots.SlotRow[]): void {
    slots.insertSlots(this.conn, rows);
  }
  /** Insert slot rows, keeping any already there when `orIgnore` (a merge). */
  insertSlots(rows: readonly slots.SlotRow[], orIgnore = false): void {
    slots.insertSlots(this.conn, rows, orIgnore);
  }
  nextSlot(buildId: number, shape: string): number {
    return slots.nextSlot(this.conn, buildId, shape);
  }
  slotStats(buildId: number, shape: string): Map<SlotOutcome, { slots: number; attempts: number }> {
    return slots.slotStats(this.conn, buildId, shape);
  }
  iterateSlots(buildId: number, shape: string): IterableIterator<slots.SlotRow> {
    return slots.iterateSlots(this.conn, buildId, shape);
  }

  // --- puzzles ---
  /** Insert rows as a build's workers made them, numbered by its writer. */
  insertPreparedPuzzles(rows: readonly PuzzleRecord[]): void {
    puzzles.insertPuzzles(this.conn, rows);
  }
  /** Insert a puzzle with its checksum, under `id` or the next; returns its id. */
  insertPuzzle(p: puzzles.NewPuzzle, id: number | null = null): number {
    return puzzles.insertPuzzle(this.conn, p, id);
  }
  insertPuzzleOrIgnore(p: puzzles.NewPuzzle): number | null {
    return puzzles.insertPuzzleOrIgnore(this.conn, p);
  }
  nextPuzzleId(): number {
    return puzzles.nextPuzzleId(this.conn);
  }
  hasBase(kind: KindName, canonicalHash: string): boolean {
    return puzzles.baseIdByHash(this.conn, kind, canonicalHash) !== null;
  }
  /** Whether a base of the class was in the catalog before build `beforeBuild` (a merge's start). */
  hasBaseBefore(kind: KindName, canonicalHash: string, beforeBuild: number): boolean {
    return puzzles.hasBaseBefore(this.conn, kind, canonicalHash, beforeBuild);
  }
  baseIdByHash(kind: KindName, canonicalHash: string): number | null {
    return puzzles.baseIdByHash(this.conn, kind, canonicalHash);
  }
  /** The base a kind's size holds for (seed, slot), of any build. */
  baseAt(
    kind: KindName,
    shape: string,
    seed: number,
    slot: number,
  ): { id: number; canonical_hash: string } | undefined {
    return puzzles.baseAt(this.conn, kind, shape, seed, slot);
  }
  getPuzzle(id: number): puzzles.PuzzleRow | undefined {
    return puzzles.getPuzzle(this.conn, id);
  }
  iteratePuzzles(): IterableIterator<puzzles.PuzzleRow> {
    return puzzles.iteratePuzzles(this.conn);
  }
  countPuzzles(): number {
    return puzzles.countPuzzles(this.conn);
  }
  /** A kind's puzzles per size (bases and variants), in the kind's order of sizes. */
  sizeCounts(kind: KindName): Map<string, number> {
    return puzzles.sizeCounts(this.conn, kind);
  }
  variantsOf(baseId: number): puzzles.PuzzleRow[] {
    return puzzles.variantsOf(this.conn, baseId);
  }
  puzzleIds(filter: puzzles.PuzzleFilter = {}): number[] {
    return puzzles.puzzleIds(this.conn, filter);
  }
  iterateBaseHashes(kind: KindName): IterableIterator<string> {
    return puzzles.iterateBaseHashes(this.conn, kind);
  }
  baseHashes(): { id: number; kind: KindName; canonical_hash: string }[] {
    return puzzles.baseHashes(this.conn);
  }
  baseDifficulties(kind: KindName, size: string): { nodes: number; score: number; tier: Tier }[] {
    return puzzles.baseDifficulties(this.conn, kind, size);
  }
  /** Base puzzles of a kind's size per tier; with `beforeBuild`, those the catalog held before that build (a merge's start). */
  tierCounts(kind: KindName, size: string, beforeBuild?: number): Record<Tier, number> {
    return puzzles.tierCounts(this.conn, kind, size, beforeBuild);
  }
  /** A kind's base puzzles per size and tier, with their range on the size's tier measure. */
  tierStats(kind: KindName): puzzles.TierStat[] {
    return puzzles.tierStats(this.conn, kind);
  }
  /** Re-tier a kind's size under `rule`; returns how many rows changed tier (retier.ts). */
  retier(kind: PuzzleKind, size: string, rule: TierRule): number {
    return retier(this.conn, kind, size, rule);
  }

  // --- versions and verdicts ---
  solverVersions(kind: KindName, size: string): (string | null)[] {
    return versions.solverVersions(this.conn, kind, size);
  }
  graderVersions(kind: KindName, size: string): (string | null)[] {
    return versions.graderVersions(this.conn, kind, size);
  }
  graderVersionCounts(kind: KindName | null = null): Map<string | null, number> {
    return versions.graderVersionCounts(this.conn, kind);
  }
  recordVerdicts(passed: readonly VerdictRow[], failed: readonly number[]): void {
    verdicts.recordVerdicts(this.conn, passed, failed);
  }
  readVerdicts(): ReturnType<typeof verdicts.readVerdicts> {
    return verdicts.readVerdicts(this.conn);
  }
}
