// Every verb's command line as the CLI reads it, for tests that read lines in process: its
// VerbLine (builder and check), its option table, and the fewest words it needs to be whole.
import { AUDIT_LINE, AUDIT_OPTIONS } from '../../scripts/commands/audit.js';
import { BUILD_LINE, BUILD_OPTIONS } from '../../scripts/commands/build.js';
import { EXPORT_LINE, EXPORT_OPTIONS } from '../../scripts/commands/export.js';
import { GENERATE_LINE, GENERATE_OPTIONS } from '../../scripts/commands/generate.js';
import { GRADE_LINE, GRADE_OPTIONS } from '../../scripts/commands/grade.js';
import { MERGE_LINE, MERGE_OPTIONS } from '../../scripts/commands/merge.js';
import { MIGRATE_LINE, MIGRATE_OPTIONS } from '../../scripts/commands/migrate.js';
import type { OptionSpec, OptionTable } from '../../scripts/commands/options.js';
import type { VerbLine } from '../../scripts/commands/parse.js';
import { SOLVE_LINE, SOLVE_OPTIONS } from '../../scripts/commands/solve.js';
import { TUNE_LINE, TUNE_OPTIONS } from '../../scripts/commands/tune.js';

export interface VerbUnderTest {
  line: VerbLine<unknown>;
  table: OptionTable;
  /** Positionals the verb needs (merge's catalogs). */
  positionals: string[];
  /** Options it needs, by name: left out when a test gives that option itself. */
  needs: Record<string, string>;
}

export const VERB_LINES: Record<string, VerbUnderTest> = {
  solve: { line: SOLVE_LINE, table: SOLVE_OPTIONS, positionals: [], needs: {} },
  grade: { line: GRADE_LINE, table: GRADE_OPTIONS, positionals: [], needs: {} },
  generate: { line: GENERATE_LINE, table: GENERATE_OPTIONS, positionals: [], needs: { count: '1', sizes: '3' } },
  build: { line: BUILD_LINE, table: BUILD_OPTIONS, positionals: [], needs: {} },
  audit: { line: AUDIT_LINE, table: AUDIT_OPTIONS, positionals: [], needs: {} },
  export: { line: EXPORT_LINE, table: EXPORT_OPTIONS, positionals: [], needs: {} },
  tune: { line: TUNE_LINE, table: TUNE_OPTIONS, positionals: [], needs: {} },
  merge: { line: MERGE_LINE, table: MERGE_OPTIONS, positionals: ['out.sqlite', 'in.sqlite'], needs: {} },
  migrate: { line: MIGRATE_LINE, table: MIGRATE_OPTIONS, positionals: [], needs: {} },
};

/** The option specs of a table (old names left out), by name. */
export function specsOf(table: OptionTable): [string, OptionSpec<unknown>][] {
  return Object.entries(table).filter((e): e is [string, OptionSpec<unknown>] => 'check' in e[1]);
}

/** A verb's needed words (positionals first), but for the options named in `given`, then `extra`, last. */
export function wordsFor(v: VerbUnderTest, given: readonly string[], extra: readonly string[]): string[] {
  const needs = Object.entries(v.needs).filter(([name]) => !given.includes(name));
  return [...v.positionals, ...needs.flatMap(([name, value]) => [`--${name}`, value]), ...extra];
}
