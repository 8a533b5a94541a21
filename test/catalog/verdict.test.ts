// Tests for src/catalog/verdict.ts, one body run over every registered kind: a recorded pass holds
// for the row it judged under its kind's judges, and stops holding when anything it was bound to
// differs (the row, its base, a judge's version, another kind's judges, or checks audit would have
// skipped under the versions that stored the row's figures).
import { describe, expect, it } from 'vitest';
import { passVerdict, staleVerdict, type JudgedPuzzle } from '../../src/catalog/verdict.js';
import { allKinds } from '../../src/kinds.js';

const AT = '2026-12-01T00:00:00.000Z';
const kinds = allKinds();

describe.each(kinds.map((k) => [k.name, k] as const))('a recorded verdict of a %s puzzle', (name, kind) => {
  const judges = kind.checks.versions;
  const base: JudgedPuzzle = {
    puzzle: { id: 1, kind: name, m: 5, rows: 6, cols: 7, checksum: 'aa', base_id: null },
    base: null,
    solverVersion: judges.reference,
    graderVersion: judges.grader,
  };
  const variant: JudgedPuzzle = {
    ...base,
    puzzle: { ...base.puzzle, id: 2, checksum: 'bb', base_id: 1 },
    base: { checksum: 'aa' },
  };

  it("holds for the puzzle it was recorded for, base or variant, bound to its kind's judges", () => {
    expect(staleVerdict(passVerdict(base, AT, judges), base, judges)).toBeNull();
    expect(staleVerdict(passVerdict(variant, AT, judges), variant, judges)).toBeNull();
    expect(passVerdict(variant, AT, judges).base_checksum).toBe('aa');
    const v = passVerdict(base, AT, judges);
    expect(v.base_checksum).toBeNull();
    expect([v.proof_version, v.solver_version, v.grader_version]).toEqual([
      judges.proof,
      judges.reference,
      judges.grader,
    ]);
  });

  it('is stale when missing, of another puzzle, or the row or its base changed', () => {
    expect(staleVerdict(undefined, base, judges)).toMatch(/no verdict/);
    expect(staleVerdict(passVerdict(variant, AT, judges), base, judges)).toMatch(/another puzzle/);
    const changed = { ...base, puzzle: { ...base.puzzle, checksum: 'ab' } };
    expect(staleVerdict(passVerdict(base, AT, judges), changed, judges)).toMatch(/puzzle changed/);
    const v = passVerdict(variant, AT, judges);
    expect(staleVerdict(v, { ...variant, base: { checksum: 'ac' } }, judges)).toMatch(/base changed/);
    expect(staleVerdict(v, { ...variant, base: null }, judges)).toMatch(/base changed/);
  });

  it("is stale when any judge's version is another release's", () => {
    const v = passVerdict(base, AT, judges);
    expect(staleVerdict({ ...v, proof_version: 'proof-0' }, base, judges)).toMatch(/proof proof-0/);
    expect(staleVerdict({ ...v, solver_version: 'ref-0' }, base, judges)).toMatch(/solver ref-0/);
    expect(staleVerdict({ ...v, grader_version: 'grade-0' }, base, judges)).toMatch(/grader grade-0/);
  });

  it("is stale under another kind's judges", () => {
    for (const other of kinds.filter((k) => k.name !== name)) {
      const theirs = passVerdict(base, AT, other.checks.versions);
      expect(staleVerdict(theirs, base, judges)).toMatch(/^the verdict is of (proof|solver|grader) /);
    }
  });

  it('is stale exactly where audit would skip a check: nodes it cannot count again, a base score it cannot grade again', () => {
    const v = passVerdict(base, AT, judges);
    for (const solverVersion of [judges.reference, 'ref-0', 'ref-1', null]) {
      const p = { ...base, solverVersion };
      expect(staleVerdict(v, p, judges) === 'its nodes are of another solver').toBe(
        !judges.remeasuresNodes(p.puzzle, solverVersion),
      );
    }
    for (const graderVersion of [judges.grader, 'grade-0', null]) {
      const p = { ...base, graderVersion };
      expect(staleVerdict(v, p, judges) === 'its score is of another grader').toBe(!judges.regrades(graderVersion));
      // A variant is never graded again (it shares its base's score), so its grader does not matter.
      expect(staleVerdict(passVerdict(variant, AT, judges), { ...variant, graderVersion }, judges)).toBeNull();
    }
  });
});
