// Tests for src/formats/web.ts over every kind with a web part (and packs mixing them): the pack's
// data holds each puzzle as its kind makes it, a kind's entries in a mixed pack as in a pack of that
// kind alone, each kind's pack fields, numbers by tier, then kind, then the kind's own order, and
// the json pack's checksum of the same puzzles; the page is one document with nothing to fetch,
// data that cannot close its script, and a refusal over the size limit. Each kind's entries:
// test/<kind>/formats/web.test.ts; the page in a browser: test/pipeline/web/.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PackPuzzle } from '../../src/formats/kind.js';
import { buildPackJson } from '../../src/formats/pack.js';
import { buildWebHtml, webPackData } from '../../src/formats/web.js';
import { allKinds } from '../../src/kinds.js';
import type { WebEntry, WebPack } from '../../src/play/pack.js';
import { TIERS } from '../../src/rank/tiers.js';
import { SAMPLES } from '../helpers/packs.js';

const ASSETS = { script: 'document.title="x";', style: 'body{color:red}' };
const KINDS = allKinds();
const WEBBED = KINDS.filter((k) => k.formats.web !== undefined && SAMPLES[k.name] !== undefined);
const POOL: PackPuzzle[] = WEBBED.flatMap((k) => SAMPLES[k.name](5, { graded: true }));
const arbPack: fc.Arbitrary<PackPuzzle[]> = fc
  .array(fc.record({ p: fc.constantFrom(...POOL), tier: fc.constantFrom(...TIERS, 'bonus') }), { maxLength: 8 })
  .map((xs) => xs.map(({ p, tier }, i) => ({ ...p, tier, id: 100 + i })));

function dataOf(html: string): WebPack {
  const m = /<script type="application\/json" id="dominosa-pack">(.*?)<\/script>/s.exec(html);
  return JSON.parse(m![1]) as WebPack;
}

const strip = (p: WebEntry): WebEntry => ({ ...p, number: undefined });

describe('webPackData', () => {
  it('has web samples of every built-in kind', () => {
    expect(WEBBED.map((k) => k.name)).toEqual(['dominosa', 'sudomino']);
  });

  it('holds each puzzle as its kind makes it, a kind’s entries as in a pack of that kind alone, and each kind’s fields', () => {
    fc.assert(
      fc.property(arbPack, (puzzles) => {
        const pack = webPackData(puzzles, KINDS, 'p');
        expect(pack.puzzles.map((e) => [e.id, e.tier])).toEqual(puzzles.map((p) => [p.id, p.tier]));
        const fields: Record<string, unknown> = {};
        for (const kind of WEBBED) {
          const own = puzzles.filter((p) => p.kind === kind.name);
          const alone = webPackData(own, KINDS, 'p');
          expect(pack.puzzles.filter((_, i) => puzzles[i].kind === kind.name).map(strip)).toEqual(
            alone.puzzles.map(strip),
          );
          const maker = kind.formats.web?.start();
          own.forEach((p, i) => expect(strip(maker?.entry(p, i + 1) as WebEntry)).toEqual(strip(alone.puzzles[i])));
          Object.assign(fields, maker?.fields(own.length > 0));
        }
        const { format, version, name, checksum, puzzles: entries, ...rest } = pack;
        expect([format, version, name, entries.length]).toEqual(['dominosa-web', 1, 'p', puzzles.length]);
        expect(checksum).toMatch(/^[0-9a-f]{64}$/);
        expect(Object.keys(rest)).toEqual(Object.keys(fields));
      }),
      { numRuns: 15 },
    );
  });

  it('numbers the puzzles by tier, then kind in the registry’s order, then the kind’s own order, then pack order', () => {
    fc.assert(
      fc.property(arbPack, (puzzles) => {
        const numbers = webPackData(puzzles, KINDS, 'p').puzzles.map((e) => e.number as number);
        expect([...numbers].sort((a, b) => a - b)).toEqual(puzzles.map((_, i) => i + 1));
        const known = TIERS as readonly string[];
        const rank = (t: string): number => (known.includes(t) ? known.indexOf(t) : known.length);
        const kindAt = (p: PackPuzzle): number => KINDS.findIndex((k) => k.name === p.kind);
        const order = puzzles.map((_, i) => i).sort((a, b) => numbers[a] - numbers[b]);
        for (let k = 1; k < order.length; k++) {
          const [a, b] = [puzzles[order[k - 1]], puzzles[order[k]]];
          const d =
            rank(a.tier) - rank(b.tier) ||
            kindAt(a) - kindAt(b) ||
            (KINDS[kindAt(a)].formats.web?.compare(a, b) ?? 0) ||
            order[k - 1] - order[k];
          expect(d).toBeLessThan(0);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('is keyed by the json pack checksum of the same puzzles', () => {
    const puzzles = POOL.slice(0, 8);
    const json = JSON.parse(
      buildPackJson(puzzles, KINDS, { name: 'x', created: '2026-01-01T00:00:00Z', buildId: null, schemaVersion: 3 }),
    ) as { manifest: { checksum: string } };
    const pack = webPackData(puzzles, KINDS, 'Test pack');
    expect(pack.checksum).toBe(json.manifest.checksum);
    expect(webPackData(puzzles.slice(1), KINDS, 'Test pack').checksum).not.toBe(pack.checksum);
  });

  it('carries the faces chosen (none for plain digits)', () => {
    expect(webPackData(POOL, KINDS, 'p').faces).toBeUndefined();
    expect(webPackData(POOL, KINDS, 'p', 'digits').faces).toBeUndefined();
    expect(webPackData(POOL, KINDS, 'p', 'pips').faces).toBe('pips');
  });
});

describe('buildWebHtml', () => {
  it('writes one self-contained page whose data reads back whole, even with markup in names', () => {
    const pack = webPackData(POOL, KINDS, 'Pack </script><script>alert(1)</script> & co');
    const r = buildWebHtml(pack, ASSETS);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.html).not.toMatch(/<link|<img|<iframe|@import|@font-face|url\(|src=|href=/i);
    expect(r.html.match(/<script/g)).toHaveLength(2);
    expect(r.html.match(/<\/script>/g)).toHaveLength(2);
    expect(r.html).toContain("default-src 'none'");
    expect(dataOf(r.html)).toEqual(pack);
    expect(r.bytes).toBe(Buffer.byteLength(r.html));
  });

  it('refuses a page over its size limit with one line, and a bundle that could close its own tag', () => {
    const pack = webPackData(POOL.slice(0, 4), KINDS, 'p');
    const r = buildWebHtml(pack, ASSETS, 1000);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toMatch(/^the web pack of 4 puzzles would be \d+ bytes, over its limit of 1000: select fewer/);
    expect(r.error).not.toContain('\n');
    expect(() => buildWebHtml(pack, { script: 'x="</script>"', style: '' })).toThrow(RangeError);
  });
});
