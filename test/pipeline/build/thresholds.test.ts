import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readTiersFile, tiersFileText } from '../../../pipeline/build/thresholds.js';
import { DATA } from '../../helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'tiers-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The packaged file with one more field, written out and read back through readTiersFile. */
function readWith(name: string, section: unknown): () => unknown {
  const json = JSON.parse(readFileSync(join(DATA, 'tiers.json'), 'utf8')) as Record<string, unknown>;
  json[name] = section;
  const path = join(dir, `${name}.json`);
  writeFileSync(path, JSON.stringify(json));
  return () => readTiersFile(path);
}

describe('readTiersFile: kind sections', () => {
  const th = { t1: 1, t2: 5, t3: 9 };
  const section = (grade: object) => ({ solverVersion: 's', graderVersion: 'g', grade });

  it('reads the packaged file back to the same text', () => {
    const path = join(DATA, 'tiers.json');
    const file = readTiersFile(path);
    expect(file).not.toBeNull();
    expect(tiersFileText(file!)).toBe(readFileSync(path, 'utf8'));
  });

  it('refuses a section that names no kind, or the first kind, whose cuts are the top level', () => {
    expect(readWith('sudoku', section({}))).toThrow(
      /unknown field "sudoku" \(a kind's section is named for one of sudomino\)/,
    );
    expect(readWith('dominosa', section({}))).toThrow(/unknown field "dominosa"/);
  });

  it("refuses a size key that is not one of the kind's sizes as the kind writes it", () => {
    expect(readWith('sudomino', section({ '8x8': th }))).toThrow(/sudomino: size key "8x8" is not one Sudomino size/);
    expect(readWith('sudomino', section({ '08x8:6': th }))).toThrow(/size key "08x8:6"/);
    expect(readWith('sudomino', section({ '8x8:6,6x6:4': th }))).toThrow(/size key "8x8:6,6x6:4"/);
    expect(readWith('sudomino', section({ '8x8:6': th }))()).toMatchObject({
      kinds: { sudomino: section({ '8x8:6': th }) },
    });
  });
});
