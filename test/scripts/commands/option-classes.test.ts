// Options mean what they say, on every option of every verb, read in process as the CLI reads
// them (checkLine): a missing, empty or blank value; numbers past what a double holds exactly and
// values that are no number, quoted as typed; choices in any case; an extension that names no
// format; an option that does nothing for the kind chosen; a shape without its N; a switch given
// a value (--force=yes).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkLine, parseOnly } from '../../../scripts/commands/parse.js';
import { specsOf, VERB_LINES, wordsFor, type VerbUnderTest } from '../../helpers/verb-lines.js';

const read = (v: VerbUnderTest, given: string[], extra: string[]) => checkLine(v.line, wordsFor(v, given, extra));

const refusal = (r: ReturnType<typeof read>): string => (r.ok ? 'accepted' : r.error);

const valued = (v: VerbUnderTest) => specsOf(v.table).filter(([, s]) => s.yargs.type !== 'boolean');

describe('a value that is not there', () => {
  for (const [verb, v] of Object.entries(VERB_LINES)) {
    it(`${verb}: each option given last without its value, or before another option, "needs a value"`, () => {
      for (const [name] of valued(v)) {
        expect(refusal(read(v, [name], [`--${name}`])), `${verb} --${name}`).toBe(`--${name} needs a value`);
        expect(refusal(read(v, [name], [`--${name}`, '--help'])), `${verb} --${name} --help`).toBe(
          `--${name} needs a value`,
        );
      }
    });

    it(`${verb}: each option given an empty or blank value is refused in one line`, () => {
      for (const [name] of valued(v)) {
        for (const words of [[`--${name}`, ''], [`--${name}=`], [`--${name}`, '   ']]) {
          const why = refusal(read(v, [name], words));
          const blankDb = name === 'db' && words[1] === '   ';
          expect(why, `${verb} ${JSON.stringify(words)}`).toBe(
            blankDb ? '--db "   ": a blank name names no file' : `--${name} needs a value`,
          );
        }
      }
    });
  }
});

describe('numbers, as typed', () => {
  for (const [verb, v] of Object.entries(VERB_LINES)) {
    const numbers = valued(v).filter(([, s]) => s.yargs.type === 'number');
    it(`${verb}: past 2^53 is too large (or past the cap), and what is no number is quoted, never NaN`, () => {
      for (const [name] of numbers) {
        for (const typed of ['9007199254740993', '1e400', '123456789012345678901234567890']) {
          const why = refusal(read(v, [name], [`--${name}`, typed]));
          expect(why, `${verb} --${name} ${typed}`).toMatch(
            new RegExp(`^--${name} (is too large|must be at most [\\d,]+) \\(got ${typed}\\)`),
          );
        }
        for (const typed of ['abc', '12abc', '0.5.1']) {
          const why = refusal(read(v, [name], [`--${name}`, typed]));
          expect(why, `${verb} --${name} ${typed}`).toMatch(new RegExp(`^--${name} must be .*\\(got ${typed}\\)$`));
        }
      }
    });
  }

  it('keeps what a whole number typed means: 2^53 - 1 is taken, a fraction a double rounds away is not', () => {
    const build = VERB_LINES.build;
    const r = read(build, [], ['--seed', '9007199254740991']);
    expect(r.ok && (r.value.run as { seed: number }).seed).toBe(9007199254740991);
    expect(refusal(read(build, [], ['--seed', '1.0000000000000001']))).toBe(
      '--seed must be a whole number (got 1.0000000000000001)',
    );
    expect(refusal(read(build, [], ['--seed', '-9007199254740993']))).toBe(
      '--seed is too small (got -9007199254740993): at least -9,007,199,254,740,991',
    );
  });
});

describe('choices, in any case', () => {
  for (const [verb, v] of Object.entries(VERB_LINES)) {
    const choosing = valued(v).filter(([, s]) => s.yargs.choices !== undefined);
    it(`${verb}: every choice is taken in upper case; a wrong one is one line, quoted as typed`, () => {
      for (const [name, s] of choosing) {
        for (const c of s.yargs.choices as string[]) {
          const r = read(v, [name], [`--${name}`, c.toUpperCase()]);
          // Taken, or refused for what the choice means here (migrate takes one kind), never for its case.
          if (!r.ok) expect(r.error, `${verb} --${name} ${c}`).not.toContain(c.toUpperCase());
        }
        const why = refusal(read(v, [name], [`--${name}`, 'Bogus']));
        expect(why, `${verb} --${name}`).toMatch(new RegExp(`^--${name} must be one of .* \\(got Bogus\\)$`));
      }
    });
  }

  it('export --kind and --tiers too, and --kind both is refused without offering both', () => {
    const ex = VERB_LINES.export;
    const r = read(ex, [], ['--kind', 'Sudomino,DOMINOSA', '--tiers', 'Hard']);
    expect(r.ok && r.value.run).toMatchObject({ kinds: ['dominosa', 'sudomino'], tiers: ['hard'] });
    const both = refusal(read(ex, [], ['--kind', 'both']));
    expect(both).toMatch(/^--kind .*\(got both\)$/);
    expect(both.replace('(got both)', '')).not.toMatch(/\bboth\b/);
  });
});

describe('--out, without --format', () => {
  for (const verb of ['solve', 'grade', 'generate', 'export']) {
    it(`${verb}: an extension that names no format is refused, listing the ones that do`, () => {
      const v = VERB_LINES[verb];
      for (const out of ['pack.xlsx', 'x.tatham', 'dir/a.b.c']) {
        const why = refusal(read(v, [], ['--out', out]));
        const ext = out.slice(out.lastIndexOf('.'));
        expect(why, `${verb} --out ${out}`).toMatch(
          new RegExp(`^--out ${out}: \\${ext} is the extension of no format; use .*\\.jsonl.*, or give --format$`),
        );
        expect(why).toContain('.txt');
      }
      // A name without an extension, or an explicit --format, is still the user's to choose.
      expect(read(v, [], ['--out', 'results']).ok, verb).toBe(true);
      expect(read(v, [], ['--out', 'results.data', '--format', 'jsonl']).ok, verb).toBe(true);
    });
  }
});

describe('an option that does nothing for the kind chosen', () => {
  it('export refuses --pips, --one-based and --tally for a pack of Sudomino alone, and notes them on a mixed pack', () => {
    const ex = VERB_LINES.export;
    for (const flag of ['--pips', '--one-based', '--tally']) {
      expect(refusal(read(ex, [], ['--kind', 'sudomino', '--format', 'html', flag]))).toBe(
        `${flag} does nothing for Sudomino puzzles; it applies to Dominosa puzzles`,
      );
      const mixed = read(ex, [], ['--kind', 'dominosa,sudomino', '--format', 'html', flag]);
      expect(mixed.ok && mixed.value.notes).toEqual([
        `${flag} applies to the Dominosa puzzles only; the Sudomino ones are drawn without it`,
      ]);
      const plain = read(ex, [], ['--format', 'html', flag]);
      expect(plain.ok && plain.value.notes).toEqual([]);
      // --no-tally asks for nothing.
      expect(read(ex, [], ['--kind', 'sudomino', '--format', 'html', `--no-${flag.slice(2)}`]).ok).toBe(true);
    }
    // The format still comes first, as before.
    expect(refusal(read(ex, [], ['--kind', 'sudomino', '--format', 'web', '--tally']))).toBe(
      '--tally applies to --format html, pdf, not web',
    );
  });

  it("solve and grade refuse --values for Dominosa boards, and grade --max-nodes for Sudomino's grader, which never searches", () => {
    for (const verb of ['solve', 'grade']) {
      expect(refusal(read(VERB_LINES[verb], [], ['--kind', 'dominosa', '--values', '5']))).toBe(
        '--values does nothing for Dominosa puzzles; it applies to Sudomino puzzles',
      );
      expect(read(VERB_LINES[verb], [], ['--kind', 'sudomino', '--values', '5']).ok).toBe(true);
      // Without --kind the boards say their kind.
      expect(read(VERB_LINES[verb], [], ['--values', '5']).ok).toBe(true);
    }
    expect(refusal(read(VERB_LINES.grade, [], ['--kind', 'sudomino', '--max-nodes', '5']))).toBe(
      '--max-nodes does nothing for Sudomino puzzles; it applies to Dominosa puzzles',
    );
    expect(read(VERB_LINES.solve, [], ['--kind', 'sudomino', '--max-nodes', '5']).ok).toBe(true);
  });
});

describe('a switch given a value with =', () => {
  const switches = (v: VerbUnderTest) => specsOf(v.table).filter(([, s]) => s.yargs.type === 'boolean');
  /** What the line reads a switch as, when it reads the line. */
  const switchOf = (v: VerbUnderTest, name: string, words: string[]): unknown =>
    parseOnly(wordsFor(v, [name], words), v.line.builder, `$0 ${v.line.positionals}`.trim())[name];
  /** A word in a random mix of upper and lower case, with edge spaces now and then. */
  const anyCase = (word: string): fc.Arbitrary<string> =>
    fc
      .tuple(fc.array(fc.boolean(), { minLength: word.length, maxLength: word.length }), fc.constantFrom('', ' '))
      .map(([up, pad]) => pad + [...word].map((c, i) => (up[i] ? c.toUpperCase() : c)).join('') + pad);
  const said = fc.oneof(
    fc
      .constantFrom('true', 'yes', '1')
      .chain(anyCase)
      .map((w) => [w, true] as const),
    fc
      .constantFrom('false', 'no', '0')
      .chain(anyCase)
      .map((w) => [w, false] as const),
  );
  // Anything else: no word a switch takes, whatever its case and edge spaces.
  const TAKEN = new Set(['true', 'yes', '1', 'false', 'no', '0']);
  const unsaid = fc
    .oneof(fc.string({ maxLength: 8 }), fc.constantFrom('', ' ', 'maybe', 'y', 'n', '2', 'on', 'truee', '-1'))
    .filter((w) => !TAKEN.has(w.trim().toLowerCase()) && !w.includes('\n'));

  for (const [verb, v] of Object.entries(VERB_LINES)) {
    it(`${verb}: every switch reads true, yes, 1 or false, no, 0 in any case, as typed`, () => {
      for (const [name] of switches(v)) {
        fc.assert(
          fc.property(said, ([word, means]) => {
            expect(switchOf(v, name, [`--${name}=${word}`]), `${verb} --${name}=${word}`).toBe(means);
          }),
          { seed: 35, numRuns: 40 },
        );
        expect(switchOf(v, name, [`--${name}`])).toBe(true);
        expect(switchOf(v, name, [`--no-${name}`])).toBe(false);
      }
    });

    it(`${verb}: every switch given any other value is refused in one line naming it and quoting the value`, () => {
      for (const [name] of switches(v)) {
        fc.assert(
          fc.property(unsaid, (word) => {
            const why = refusal(read(v, [name], [`--${name}=${word}`]));
            const shown = word.trim() === '' ? JSON.stringify(word) : word;
            expect(why, `${verb} --${name}=${word}`).toBe(
              `--${name} takes no value, or true or false (yes or no, 1 or 0) (got ${shown})`,
            );
          }),
          { seed: 35, numRuns: 40 },
        );
      }
    });
  }

  it('every verb has a switch to try', () => {
    for (const [verb, v] of Object.entries(VERB_LINES)) expect(switches(v).length, verb).toBeGreaterThan(0);
  });
});

describe('a Sudomino shape without its N', () => {
  it('is refused by every verb that takes shapes, naming the whole form', () => {
    for (const [verb, extra] of [
      ['build', ['--kind', 'sudomino']],
      ['generate', ['--kind', 'sudomino', '--count', '1']],
      ['tune', ['--kind', 'sudomino']],
      ['export', ['--kind', 'sudomino']],
    ] as const) {
      const why = refusal(read(VERB_LINES[verb], ['sizes', 'count'], [...extra, '--sizes', '8x8']));
      expect(why, verb).toBe('--sizes: shape 8x8 lacks its N: write RxC:N, e.g. 8x8:6');
    }
  });
});
