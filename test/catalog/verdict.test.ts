// Tests for src/catalog/verdict.ts: a recorded pass holds for the row it judged under this
// release's judges, and stops holding when anything it was bound to differs (the row, its base,
// a judge's version, or checks audit would have skipped).
import { describe, expect, it } from 'vitest';
import { passVerdict, staleVerdict, type JudgedPuzzle } from '../../src/catalog/verdict.js';
import { GRADER_VERSION } from '../../src/dominosa/rank/stored.js';
import { REFERENCE_VERSION } from '../../src/dominosa/rank/reference.js';

const base: JudgedPuzzle = {
  puzzle: { id: 1, m: 5, checksum: 'aa', base_id: null },
  base: null,
  solverVersion: REFERENCE_VERSION,
  graderVersion: GRADER_VERSION,
};
const variant: JudgedPuzzle = {
  puzzle: { id: 2, m: 5, checksum: 'bb', base_id: 1 },
  base: { checksum: 'aa' },
  solverVersion: REFERENCE_VERSION,
  graderVersion: GRADER_VERSION,
};
const AT = '2026-12-01T00:00:00.000Z';

describe('a recorded verdict', () => {
  it('holds for the puzzle it was recorded for, base or variant', () => {
    expect(staleVerdict(passVerdict(base, AT), base)).toBeNull();
    expect(staleVerdict(passVerdict(variant, AT), variant)).toBeNull();
    expect(passVerdict(variant, AT).base_checksum).toBe('aa');
    expect(passVerdict(base, AT).base_checksum).toBeNull();
  });

  it('is stale when missing, of another puzzle, or the row or its base changed', () => {
    expect(staleVerdict(undefined, base)).toMatch(/no verdict/);
    expect(staleVerdict(passVerdict(variant, AT), base)).toMatch(/another puzzle/);
    expect(staleVerdict(passVerdict(base, AT), { ...base, puzzle: { ...base.puzzle, checksum: 'ab' } })).toMatch(
      /puzzle changed/,
    );
    expect(staleVerdict(passVerdict(variant, AT), { ...variant, base: { checksum: 'ac' } })).toMatch(/base changed/);
    expect(staleVerdict(passVerdict(variant, AT), { ...variant, base: null })).toMatch(/base changed/);
  });

  it("is stale when any judge's version is another release's", () => {
    const v = passVerdict(base, AT);
    expect(staleVerdict({ ...v, proof_version: 'dlx-0' }, base)).toMatch(/proof dlx-0/);
    expect(staleVerdict({ ...v, solver_version: 'ref-1' }, base)).toMatch(/solver ref-1/);
    expect(staleVerdict({ ...v, grader_version: 'grade-0' }, base)).toMatch(/grader grade-0/);
  });

  it('is stale where audit would have skipped a check: nodes of another solver, a base scored by another grader', () => {
    const v = passVerdict(base, AT);
    expect(staleVerdict(v, { ...base, solverVersion: null })).toMatch(/another solver/);
    expect(staleVerdict(v, { ...base, solverVersion: 'ref-0' })).toMatch(/another solver/);
    expect(staleVerdict(v, { ...base, graderVersion: 'grade-0' })).toMatch(/another grader/);
    // A variant is never re-graded (it shares its base's score), so its grader does not matter.
    expect(staleVerdict(passVerdict(variant, AT), { ...variant, graderVersion: null })).toBeNull();
  });
});

describe('a recorded verdict of a Sudomino puzzle', () => {
  const sudomino: JudgedPuzzle = {
    puzzle: { id: 3, m: 6, checksum: 'cc', base_id: null, kind: 'sudomino' },
    base: null,
    solverVersion: null,
    graderVersion: null,
  };

  it("is bound to Sudomino's judges, and holds whatever versions stored its nodes and grade (audit measures both again)", () => {
    const v = passVerdict(sudomino, AT);
    expect([v.proof_version, v.solver_version, v.grader_version]).toEqual([
      'sudomino-cnf-1',
      'sudomino-ref-1',
      'sudomino-grade-2',
    ]);
    expect(staleVerdict(v, sudomino)).toBeNull();
    expect(staleVerdict(v, { ...sudomino, solverVersion: 'ref-0', graderVersion: 'grade-0' })).toBeNull();
  });

  it("is stale under Dominosa's judges, and a Dominosa verdict under Sudomino's", () => {
    expect(staleVerdict({ ...passVerdict(base, AT), puzzle_id: 3, checksum: 'cc' }, sudomino)).toMatch(/proof/);
    expect(staleVerdict({ ...passVerdict(sudomino, AT), puzzle_id: 1, checksum: 'aa' }, base)).toMatch(
      /proof sudomino-cnf-1/,
    );
    expect(staleVerdict({ ...passVerdict(sudomino, AT), grader_version: 'sudomino-grade-0' }, sudomino)).toMatch(
      /grader sudomino-grade-0/,
    );
  });
});
