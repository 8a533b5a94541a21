// The house's import rules, read off the source text: the relative imports of src/, pipeline/
// and scripts/ (import type and dynamic import() counted) form no circle, and nothing in src/
// reaches up into pipeline/ or scripts/.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { specifiersOf } from '../helpers/imports.js';

const root = resolve(dirname(new URL(import.meta.url).pathname), '../..');
const ROOMS = ['src', 'pipeline', 'scripts'];

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** A relative specifier as a repository path (the .js of NodeNext names the .ts beside it). */
function resolveSpecifier(from: string, spec: string): string {
  return relative(root, resolve(dirname(join(root, from)), spec)).replace(/\.js$/, '.ts');
}

/** The import graph of the rooms: file → the files of the repository it imports. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const room of ROOMS) {
    for (const file of sourceFiles(join(root, room))) {
      const from = relative(root, file);
      const specs = specifiersOf(readFileSync(file, 'utf8')).filter((s) => s.startsWith('.'));
      graph.set(
        from,
        specs.map((s) => resolveSpecifier(from, s)),
      );
    }
  }
  return graph;
}

/** The strongly connected components with more than one file, or a file importing itself. */
export function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  let counter = 0;
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const comp: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      comp.push(w);
    } while (w !== v);
    if (comp.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(comp.sort());
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return found;
}

describe('the circle finder', () => {
  it('finds a circle exactly when an edge closes one', () => {
    // Random graphs over n nodes: edges that only go forward (i < j) never close a circle;
    // one backward edge along a forward path always does.
    const forward = fc
      .integer({ min: 2, max: 12 })
      .chain((n) => fc.tuple(fc.constant(n), fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1)), { maxLength: 40 })));
    fc.assert(
      fc.property(forward, ([n, pairs]) => {
        const graph = new Map<string, string[]>();
        for (let i = 0; i < n; i++) graph.set(`f${i}`, []);
        for (const [a, b] of pairs) if (a < b) graph.get(`f${a}`)!.push(`f${b}`);
        expect(circles(graph)).toEqual([]);
        // A chain f0 → f1 → … → f(n-1), closed by one edge back.
        for (let i = 0; i + 1 < n; i++) graph.get(`f${i}`)!.push(`f${i + 1}`);
        graph.get(`f${n - 1}`)!.push('f0');
        expect(circles(graph)).toHaveLength(1);
        expect(circles(graph)[0]).toHaveLength(n);
      }),
    );
  });

  it('reads every kind of import, and none in a comment', () => {
    const text = [
      "import { a } from './a.js';",
      "import type { B } from '../b.js';",
      "import {\n  c,\n  type D,\n} from './c.js';",
      "export { e } from './e.js';",
      "export type { F } from './f.js';",
      "import './g.js';",
      "const h = await import('./h.js');",
      "// import { z } from './comment.js';",
      "/* import { y } from './block.js'; */",
    ].join('\n');
    expect(specifiersOf(text).sort()).toEqual(['../b.js', './a.js', './c.js', './e.js', './f.js', './g.js', './h.js']);
  });
});

describe('the import graph of src/, pipeline/ and scripts/', () => {
  const graph = importGraph();

  it('reads the whole house', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get('src/dominosa/grade/ladder.ts')).toContain('src/dominosa/grade/state.ts');
  });

  it('has no circle (import type counted)', () => {
    expect(circles(graph)).toEqual([]);
  });

  it('has nothing in src/ importing from pipeline/ or scripts/', () => {
    const upward: string[] = [];
    for (const [from, tos] of graph) {
      if (!from.startsWith('src/')) continue;
      for (const to of tos) if (!to.startsWith('src/')) upward.push(`${from} → ${to}`);
    }
    expect(upward).toEqual([]);
  });
});
