// Dominosa on the page: the one entry the shell knows the kind by (../kind.ts), listed in
// ../kinds.ts. The views, inputs and drawing beside it are its own.
import type { WebPuzzle } from '../../../src/dominosa/play/pack.js';
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
};
