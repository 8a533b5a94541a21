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
    const mocks = (text: string): boolean => /\bvi\.(mock|doMock)\(/.test(text);
    // The scan sees a mock where a file would write one, and nothing where none is (the calls
    // spelled in two pieces, so this file is not read as one that mocks).
    const vi = 'vi.';
    expect(mocks(`${vi}mock('../../src/x.js', () => ({}));`)).toBe(true);
    expect(mocks(`${vi}doMock('./y.js');`)).toBe(true);
    expect(mocks('vi.fn(); const mock = 1;')).toBe(false);
    const mocking = testFiles(join(root, 'test')).filter((f) => mocks(readFileSync(join(root, f), 'utf8')));
    expect(mocking.sort()).toEqual([...MOCKING].sort());
  });
});
