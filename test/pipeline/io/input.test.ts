// Tests for the verbs' streaming input: readLineBlocks hands over the input unchanged, in
// blocks that each end at a line end (only the input's last may not), across chunk reads.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readLineBlocks } from '../../../pipeline/io/input.js';

const dir = mkdtempSync(join(tmpdir(), 'dominosa-io-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function blocksOf(text: string): Promise<string[]> {
  const file = join(dir, 'input.txt');
  writeFileSync(file, text);
  const out: string[] = [];
  for await (const block of readLineBlocks(file)) out.push(block);
  return out;
}

/** Lines of lengths 0..~200k characters, so some span the 1 MiB reads; non-ASCII included. */
function mixedLines(count: number, seed: number): string {
  let x = seed;
  const next = () => (x = (x * 1103515245 + 12345) % 2 ** 31);
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    const len = next() % 7 === 0 ? next() % 200_000 : next() % 40;
    lines.push((next() % 5 === 0 ? 'é' : 'a').repeat(len));
  }
  return lines.join('\n');
}

describe('readLineBlocks', () => {
  for (const [name, text] of [
    ['empty', ''],
    ['one line, no line end', '1 2 3'],
    ['blank lines only', '\n\n\n'],
    ['CRLF kept as written', '1 0\r\n0 1\r\n'],
    ['several MiB, final line end', `${mixedLines(300, 1)}\n`],
    ['several MiB, no final line end', mixedLines(300, 2)],
  ] as const) {
    it(`${name}: blocks join to the input, each ending at a line end`, async () => {
      const blocks = await blocksOf(text);
      expect(blocks.join('')).toBe(text);
      blocks.forEach((b, k) => {
        expect(b.length).toBeGreaterThan(0);
        if (k < blocks.length - 1 || text.endsWith('\n')) expect(b.endsWith('\n')).toBe(true);
      });
      if (text.length > 1 << 21) expect(blocks.length).toBeGreaterThan(1);
    });
  }
});
