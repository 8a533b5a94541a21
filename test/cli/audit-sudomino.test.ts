// `dominosa audit` over a catalog of both kinds: a tiny Dominosa build plus Sudomino rows made as a
// build's worker makes them, audited clean; --kind narrows it; --record stores Sudomino verdicts;
// a Sudomino row tampered with behind the catalog (digest and checksum resealed) fails by its
// kind's check, its line naming the puzzle, kind and shape; a spent budget gives up.
import { beforeAll, describe, expect, it } from 'vitest';
import { rowChecksum } from '../../src/catalog/checksum.js';
import type { PuzzleRow } from '../../pipeline/catalog/catalog.js';
import { buildSmallCatalog, copyCatalog, editAndReseal, freshCatalogs, query } from '../helpers/catalog.js';
import { cli } from '../helpers/cli.js';
import { addSudominoRows } from '../helpers/sudomino-catalog.js';
import { GUARDRAIL_MIN_BASES } from '../../src/sudomino/check.js';

const fresh = freshCatalogs();
let mixed = '';
let counts = { all: 0, sudomino: 0 };

beforeAll(() => {
  mixed = fresh();
  buildSmallCatalog(mixed, '3');
  // Seed 2's three bases a tier hold the guardrail (seed 1's do not: see the last test).
  addSudominoRows(mixed, { shape: '8x8:6', seed: 2, slots: 12, variants: 1 });
  const n = (kind?: string): number =>
    query<{ n: number }>(
      mixed,
      `SELECT COUNT(*) AS n FROM puzzles${kind ? ' WHERE kind = ?' : ''}`,
      ...(kind ? [kind] : []),
    )[0].n;
  counts = { all: n(), sudomino: n('sudomino') };
});

const auditJson = (path: string, ...args: string[]) => {
  const r = cli(['audit', '--db', path, '--jobs', '2', '--json', ...args]);
  return {
    ...r,
    report: JSON.parse(r.stdout) as {
      ok: boolean;
      checked: number;
      failures: { kind: string; puzzleId: number | null; detail: string; scope?: string }[];
      recorded?: number;
      guardrails: unknown;
    },
  };
};

describe('audit of a catalog of both kinds', () => {
  it('checks every row of every kind, and passes', () => {
    expect(counts.sudomino).toBeGreaterThan(4);
    const r = auditJson(mixed);
    expect(r.report.failures).toEqual([]);
    expect(r.code).toBe(0);
    expect(r.report.checked).toBe(counts.all);
    const m = (tier: string, median: number) => ({ tier, count: 3, median });
    expect(r.report.guardrails).toEqual([
      { shape: '8x8:6', medians: [m('easy', 1), m('normal', 9), m('hard', 9), m('expert', 12)] },
    ]);
  });

  it('--kind narrows it to one kind', () => {
    expect(auditJson(mixed, '--kind', 'sudomino').report.checked).toBe(counts.sudomino);
  });

  it('--record stores a pass verdict for every Sudomino row', () => {
    const path = copyCatalog(mixed, fresh());
    const r = auditJson(path, '--record', '--kind', 'sudomino');
    expect(r.code).toBe(0);
    expect(r.report.recorded).toBe(counts.sudomino);
    const v = query<{ n: number }>(
      path,
      `SELECT COUNT(*) AS n FROM verdicts JOIN puzzles p ON p.id = puzzle_id WHERE p.kind = 'sudomino' AND proof_version = 'sudomino-cnf-1'`,
    );
    expect(v[0].n).toBe(counts.sudomino);
  });

  it('bases whose nodes, tier, score or hash were changed (checksums resealed) fail by the check meant for each, exit 1', () => {
    const path = copyCatalog(mixed, fresh());
    const bases = query<PuzzleRow>(
      path,
      `SELECT * FROM puzzles WHERE kind = 'sudomino' AND base_id IS NULL ORDER BY id LIMIT 4`,
    );
    const flip = (h: string): string => `${h[0] === '0' ? '1' : '0'}${h.slice(1)}`;
    const tamperings = [
      ['nodes', 'nodes-mismatch', (p: PuzzleRow) => p.nodes + 1],
      ['tier', 'tier-mismatch', (p: PuzzleRow) => (p.tier === 'easy' ? 'normal' : 'easy')],
      ['score', 'grade-mismatch', (p: PuzzleRow) => Math.floor(p.score) + (((p.score % 1) + 0.125) % 1)],
      ['canonical_hash', 'hash-mismatch', (p: PuzzleRow) => flip(p.canonical_hash)],
    ] as const;
    editAndReseal(path, (d) => {
      tamperings.forEach(([column, , change], i) => {
        const p = bases[i];
        const changed = { ...p, [column]: change(p) };
        d.prepare(`UPDATE puzzles SET ${column} = ?, checksum = ? WHERE id = ?`).run(
          changed[column],
          rowChecksum(changed),
          p.id,
        );
      });
    });
    const r = auditJson(path, '--kind', 'sudomino');
    expect(r.code).toBe(1);
    tamperings.forEach(([, kind], i) => {
      const own = r.report.failures.filter((f) => f.puzzleId === bases[i].id);
      expect(own.map((f) => f.kind)).toContain(kind);
      expect(own.every((f) => f.scope === 'sudomino 8x8:6')).toBe(true);
    });
    const text = cli(['audit', '--db', path, '--jobs', '1', '--kind', 'sudomino']);
    expect(text.stdout).toMatch(new RegExp(`puzzle ${bases[0].id} \\(sudomino 8x8:6\\): nodes-mismatch: `));
  });

  it('a shape without current thresholds fails missing-thresholds, naming it', () => {
    const path = copyCatalog(mixed, fresh());
    editAndReseal(path, (d) => d.prepare(`DELETE FROM thresholds WHERE kind = 'sudomino'`).run());
    const r = auditJson(path, '--kind', 'sudomino');
    expect(r.code).toBe(1);
    expect(r.report.failures).toEqual([
      {
        kind: 'missing-thresholds',
        puzzleId: null,
        detail: 'sudomino 8x8:6: no current thresholds for its 24 puzzles, so their tiers cannot be checked',
      },
    ]);
  });

  it('a board whose budget runs out is gave-up, naming it', () => {
    const r = cli(['audit', '--db', mixed, '--jobs', '1', '--json', '--kind', 'sudomino', '--time-limit', '5'], {
      env: { DOMINOSA_FAULT: 'exhaust:proof' },
    });
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as { failures: { kind: string; puzzleId: number | null; detail: string }[] };
    const own = report.failures.filter((f) => f.puzzleId !== null);
    expect(own.length).toBe(counts.sudomino);
    for (const f of own) {
      expect(f.kind).toBe('gave-up');
      expect(f.detail).toContain('time limit 5 s');
    }
  });

  it('a shape whose tiers hold a few bases each shows their medians, falling or not, without judging them', () => {
    const path = fresh();
    addSudominoRows(path, { shape: '8x8:6', seed: 1, slots: 12, variants: 0 });
    const r = cli(['audit', '--db', path, '--jobs', '2']);
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toContain(
      `\nsudomino 8x8:6: median reference nodes easy 1 ≤ normal 3 ≤ hard 31 > expert 29 (not judged: easy, normal, hard, expert hold fewer than ${GUARDRAIL_MIN_BASES} bases)\n`,
    );
  });
});
