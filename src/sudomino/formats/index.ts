// Sudomino in every export format: the `formats` group of its kind (src/formats/kind.ts says what
// each part is for). Simon Tatham's collection has no Sudomino, so there are no game IDs; --grade
// names Dominosa's grades, not these (select Sudomino by --tiers).
import type { KindFormats } from '../../formats/kind.js';
import { parseShape } from '../shape.js';
import { booklet } from './booklet.js';
import { pack } from './pack.js';
import { web } from './web.js';

// A shape's sample stream starts with -2: apart from every stream keyed by a size M >= 1 alone.
const SAMPLE_KEY = -2;

export const formats: KindFormats = {
  sampleKeys(key) {
    const s = parseShape(key);
    if (!s.ok) throw new Error(s.error);
    return [SAMPLE_KEY, s.shape.rows, s.shape.cols, s.shape.values];
  },
  sizeWord: 'shape',
  pack,
  booklet,
  web,
};
