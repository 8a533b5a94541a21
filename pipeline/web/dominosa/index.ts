// Dominosa on the page: the one entry the shell knows the kind by (../kind.ts), listed in
// ../kinds.ts. The views, inputs and drawing beside it are its own.
import type { PackRules, WebPuzzle } from '../../../src/dominosa/play/pack.js';
import { pasteDominosa } from '../../../src/dominosa/play/paste.js';
import { pack } from '../state.js';
import type { WebKind } from '../kind.js';
import { form } from './saved.js';
import { groupHead } from './size.js';
import { showPuzzle } from './view.js';

export const dominosa: WebKind<WebPuzzle> = {
  name: 'dominosa',
  title: 'Dominosa',
  saved: form,
  rulesHtml: (pack) =>
    `Each grid hides a complete set of dominoes, one of every pair from ${pack.faces === 'one-based' ? '1-1 to (M+1)-(M+1)' : pack.faces === 'pips' ? 'blank-blank up' : '0-0 to M-M'}. ` +
    'Lay dominoes (two neighbouring cells each) so that every pair appears exactly once.',
  groupHead,
  show: showPuzzle,
  // Every pack has Dominosa's rules (see src/dominosa/formats/web.ts); a pasted puzzle's steps join them.
  paste: (text, number) => pasteDominosa(text, (pack as typeof pack & PackRules).rules, number),
};
