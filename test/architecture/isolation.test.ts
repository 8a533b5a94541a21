// Test files share a module cache (vitest.config.ts): a file that replaces a module with vi.mock
// must be one of the files listed to run isolated, or its mock would reach the files after it.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MOCKING } from '../../vitest.config.js';

const root = resolve(dirname(new URL(import.meta.url).pathname), '../..');

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? testFiles(join(dir, e.name))
      : e.name.endsWith('.test.ts')
        ? [relative(root, join(dir, e.name))]
        : [],
  );
}

describe('test isolation', () => {
  it('every file that mocks a module runs isolated', () => {
    const mocking = testFiles(join(root, 'test')).filter((f) =>
      /\bvi\.(mock|doMock)\(/.test(readFileSync(join(root, f), 'utf8')),
    );
    expect(mocking.length, 'the scan finds the files that mock').toBeGreaterThan(0);
    expect(mocking.sort()).toEqual([...MOCKING].sort());
  });
});
