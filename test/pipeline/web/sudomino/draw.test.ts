// Tests for pipeline/web/sudomino/draw.ts: a Sudomino board drawn as printed, for any generated
// board and position: one thin line inside each domino, a thick one wherever two cells belong
// to different dominoes (a blocked cell counting as none), every blocked cell dark, givens bold
// on both cells, entered values and pencil marks where the position has them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boardSvg } from '../../../../pipeline/web/sudomino/draw.js';
import { Game } from '../../../../src/sudomino/play/game.js';
import { TIERS } from '../../../../src/rank/tiers.js';
import { madeSudomino } from '../../../helpers/packs.js';

const segments = (svg: string, cls: string): number =>
  (new RegExp(`class="${cls}" d="([^"]*)"`).exec(svg)?.[1].match(/M/g) ?? []).length;
const count = (svg: string, re: RegExp): number => (svg.match(re) ?? []).length;
const bits = (m: number): number => (m === 0 ? 0 : (m & 1) + bits(m >>> 1));

describe('boardSvg', () => {
  it('draws cell lines thin inside dominoes, outlines thick between them, blocked cells, givens, values and marks', () => {
    fc.assert(
      fc.property(
        fc.constantFrom({ rows: 6, cols: 6, values: 5 }, { rows: 8, cols: 8, values: 6 }),
        fc.constantFrom(...TIERS),
        fc.nat({ max: 200 }),
        fc.array(fc.nat(), { minLength: 40, maxLength: 40 }),
        (shape, tier, slot, moves) => {
          const { board } = madeSudomino(shape, tier, slot);
          const { rows, cols, domino } = board;
          const game = new Game(board);
          const D = board.given.length;
          for (const [k, x] of moves.entries()) {
            if (k % 2 === 0) game.place(x % D, 1 + (x % board.values));
            else game.toggleMark(x % D, 1 + ((x >> 3) % board.values));
          }
          const svg = boardSvg(
            {
              game,
              cursor: -1,
              clashes: new Set(),
              hintDominoes: new Set(),
              hintLines: [],
              ghosts: [],
              wrong: new Set(),
            },
            't',
          );
          let between = 0;
          for (let r = 0; r < rows; r++) {
            for (let c = 0; c < cols; c++) {
              const a = domino[r * cols + c];
              if (c + 1 < cols && a !== domino[r * cols + c + 1]) between++;
              if (r + 1 < rows && a !== domino[(r + 1) * cols + c]) between++;
            }
          }
          expect(segments(svg, 'grid')).toBe(D);
          expect(segments(svg, 'outline')).toBe(between);
          expect(count(svg, /class="cell blocked"/g)).toBe(Array.from(domino).filter((d) => d < 0).length);
          const pos = game.position();
          const givens = Array.from(board.given).filter((v) => v !== 0).length;
          expect(count(svg, /class="given"/g)).toBe(2 * givens);
          expect(count(svg, /class="entered"/g)).toBe(2 * (pos.values.filter((v) => v !== 0).length - givens));
          expect(count(svg, /class="pencil"/g)).toBe(2 * pos.marks.reduce((s, m) => s + bits(m), 0));
        },
      ),
      { numRuns: 25 },
    );
  });
});
