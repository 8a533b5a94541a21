// Boards of every kind the command line knows, as its inputs write them, for the test bodies that
// run one behaviour over the registered kinds (test/cli/solve/every-kind.test.ts, grade's): what
// differs between kinds is here, and the bodies assert what every kind does alike. A registered
// kind without boards here fails those tests, naming it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatBoardText } from '../../src/dominosa/board.js';
import { swapHeavyBoard } from './boards.js';
import { FIXTURES } from './cli.js';

export interface KindBoards {
  /** A puzzle (one solution) with the id "u", in the text form, which tells the kind by itself. */
  unique: string;
  /** A board with several solutions, and one with none. */
  several: string;
  none: string;
  /** A board whose proof needs more than two search nodes, and millions of them to count its solutions. */
  hard: string;
  /** A good board, then a board the kind's reader refuses; the one line that refuses it. */
  refused: { input: string; line: RegExp };
  /** A size generate makes in well under a second a slot. */
  smallSize: string;
  /** A board as a JSON line with the id `id`, and the field that tells its kind when another kind's reader meets it. */
  json: { line: string; id: string; tells: string };
}

const SAMPLES: Readonly<Record<string, KindBoards>> = {
  dominosa: {
    unique: '# id: u\n1 3 3 0 0\n3 1 0 2 0\n3 2 2 0 2\n1 2 1 1 3\n',
    several: '2 0 2 2 2\n3 0 0 1 1\n1 2 3 1 3\n1 0 3 0 3\n',
    // No two 0s are adjacent, so the [0,0] domino has nowhere to go.
    none: '0 1 0\n1 0 1\n',
    // 2^240 solutions: counting them would never end.
    hard: `${formatBoardText(swapHeavyBoard(30))}\n`,
    refused: {
      input: '# id: good\n0 0 1\n1 1 0\n\n# id: bad\n0 1 0\n1 0 7\n',
      line: /^dominosa: board 2 \(id "bad"\), line 7, row 2, column 3: value 7 is above M=1\n$/,
    },
    smallSize: '4',
    json: { line: '{"id": "d", "grid": [[0, 0, 1], [1, 1, 0]], "rows": 2, "cols": 3}', id: 'd', tells: 'grid' },
  },
  sudomino: {
    unique: readFileSync(join(FIXTURES, 'sudomino', 'document.txt'), 'utf8').replace('# id: document', '# id: u'),
    several: '# values: 2\naabb\n',
    none: '# values: 2\n1 1 2=1\n3 3 2=1\n',
    hard: '# values: 3\naabbcc\nddeeff\ngghhii\n',
    refused: {
      input: '# id: good\naa\n\n# id: bad\nab\n',
      line: /^dominosa: board 2 \(id "bad"\), line 5, row 1, column 1: "a" is on 1 cell;[^\n]*\n$/,
    },
    smallSize: '6x6:4',
    json: { line: '{"id": "s", "values": 3, "rows": ["aabbcc", "ddeeff", "gghhii"]}', id: 's', tells: 'rows' },
  },
};

/** The sample boards of a kind; a kind without them is a test's omission, named. */
export function boardsOf(kind: string): KindBoards {
  if (!Object.hasOwn(SAMPLES, kind)) throw new Error(`no sample boards of kind ${kind} (add them to kind-boards.ts)`);
  return SAMPLES[kind];
}

/** The kinds the command line offers for --kind, as its help lists them: each needs its samples. */
export function choicesIn(help: string): string[] {
  const m = /--kind\b[^[]*\[string\]\s*\[choices: ([^\]]*)\]/.exec(help);
  return m === null ? [] : [...m[1].matchAll(/"([^"]+)"/g)].map((c) => c[1]);
}
