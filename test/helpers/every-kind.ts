// A catalog holding rows of every registered kind, for the tests that run one body over every
// kind through the command line (test/cli/audit.test.ts): each kind puts a few small sizes' rows
// in, as its build makes them. A kind registered by a test adds its own with addKindRows; a kind
// without one fails the tests that loop over kinds.
import { allKinds, type KindName } from '../../src/kinds.js';
import { buildSmallCatalog } from './catalog.js';
import { addSudominoRows } from './sudomino-catalog.js';

const fillers = new Map<KindName, (path: string) => void>([
  // The first kind builds the file; the others add to it.
  ['dominosa', (path) => buildSmallCatalog(path, '3')],
  // Seed 2's three bases a tier hold Sudomino's guardrail (seed 1's do not: see audit-sudomino.test.ts).
  ['sudomino', (path) => void addSudominoRows(path, { shape: '8x8:6', seed: 2, slots: 12, variants: 1 })],
]);

/** Fill the catalog at `path` (not there yet) with rows of every registered kind, in registration order. */
export function catalogOfEveryKind(path: string): void {
  for (const kind of allKinds()) {
    const fill = fillers.get(kind.name);
    if (fill === undefined) throw new Error(`no catalog rows for kind ${kind.name}: add them with addKindRows`);
    fill(path);
  }
}

/** How a kind a test registers puts its rows in such a catalog. */
export function addKindRows(kind: KindName, fill: (path: string) => void): void {
  fillers.set(kind, fill);
}
