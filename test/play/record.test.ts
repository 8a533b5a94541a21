// Tests for src/play/record.ts: whatever the order of solves, reveals and help, a
// reveal of the whole solution never reads as a solve, a solve before it stands, the help taken
// is counted, and the index's word follows the record.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  afterRevealAll,
  afterSolve,
  finished,
  FRESH,
  helpNote,
  statusOf,
  type PlayRecord,
} from '../../src/play/record.js';

type Event = 'solve' | 'revealAll' | 'hint' | 'check' | 'revealOne';
const events = fc.array(fc.constantFrom<Event>('solve', 'revealAll', 'hint', 'check', 'revealOne'), {
  maxLength: 12,
});

function play(list: readonly Event[]): PlayRecord {
  let p = FRESH;
  for (const e of list) {
    if (e === 'solve') p = afterSolve(p);
    else if (e === 'revealAll') p = afterRevealAll(p);
    else if (e === 'hint') p = { ...p, hints: p.hints + 1 };
    else if (e === 'check') p = { ...p, checks: p.checks + 1 };
    else p = { ...p, reveals: p.reveals + 1 };
  }
  return p;
}

describe('progress', () => {
  it('is solved exactly when a solve came before any reveal of the whole solution', () => {
    fc.assert(
      fc.property(events, (list) => {
        const p = play(list);
        const firstSolve = list.indexOf('solve');
        const firstReveal = list.indexOf('revealAll');
        expect(p.solved).toBe(firstSolve >= 0 && (firstReveal < 0 || firstSolve < firstReveal));
        expect(p.revealed).toBe(firstReveal >= 0 && !p.solved);
        expect(finished(p)).toBe(firstSolve >= 0 || firstReveal >= 0);
        expect(statusOf(p, true)).toBe(p.solved ? 'solved' : p.revealed ? 'revealed' : 'in progress');
        expect(statusOf(p, false)).toBe(
          p.solved ? 'solved' : p.revealed ? 'revealed' : list.length > 0 ? 'in progress' : 'new',
        );
        expect(p.hints).toBe(list.filter((e) => e === 'hint').length);
        expect(p.checks).toBe(list.filter((e) => e === 'check').length);
        expect(p.reveals).toBe(list.filter((e) => e === 'revealOne').length);
      }),
    );
  });

  it('says new only for an empty record and board, and names the help taken', () => {
    expect(statusOf(null, false)).toBe('new');
    expect(statusOf(null, true)).toBe('in progress');
    expect(statusOf(FRESH, true)).toBe('in progress');
    fc.assert(
      fc.property(fc.nat(5), fc.nat(5), fc.nat(5), (hints, checks, reveals) => {
        const note = helpNote({ ...FRESH, hints, checks, reveals });
        expect(note === '').toBe(hints === 0 && checks === 0 && reveals === 0);
        expect(note.includes(`${hints} hint${hints === 1 ? '' : 's'}`)).toBe(hints > 0);
        expect(note.includes(`${checks} check${checks === 1 ? '' : 's'}`)).toBe(checks > 0);
        expect(note.includes(`${reveals} domino${reveals === 1 ? '' : 'es'} revealed`)).toBe(reveals > 0);
        // Two or more kinds of help read as a list ending in "and".
        expect(/ and \d/.test(note)).toBe([hints, checks, reveals].filter((n) => n > 0).length > 1);
      }),
    );
    expect(helpNote({ ...FRESH, hints: 1, checks: 1 })).toBe('1 hint and 1 check');
  });
});
