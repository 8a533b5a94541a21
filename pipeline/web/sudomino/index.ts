// Sudomino on the page: the one entry the shell knows the kind by (../kind.ts), listed in
// ../kinds.ts. The views, inputs and drawing beside it are its own.
import type { WebPuzzle } from '../../../src/sudomino/play/pack.js';
import { pasteSudomino } from '../../../src/sudomino/play/paste.js';
import type { RuleEntry } from '../../../src/sudomino/play/steps.js';
import { pack } from '../state.js';
import type { WebKind } from '../kind.js';
import { form } from './saved.js';
import { groupHead } from './size.js';
import { showPuzzle } from './view.js';

export const sudomino: WebKind<WebPuzzle> = {
  name: 'sudomino',
  title: 'Sudomino',
  saved: form,
  rulesHtml: () =>
    'Give every domino a number from 1 to N, the same on both its cells, ' +
    'so that no two different dominoes of a row or a column hold the same number. Bold numbers are given.',
  groupHead,
  show: showPuzzle,
  // A pack without Sudomino puzzles has no Sudomino rules: a pasted one starts them.
  paste: (text, number) => {
    const held = pack as unknown as { sudominoRules?: RuleEntry[] };
    return pasteSudomino(text, (held.sudominoRules ??= []), number);
  },
};
