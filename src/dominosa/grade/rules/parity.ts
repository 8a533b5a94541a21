// Parity: a region of open cells cut off from the rest can only be filled if it holds an even
// number of cells, as many dark as light on a checkerboard. Level 4 of the ladder is the plain
// case a person sees (a domino that alone links two even areas); level 7 is the general one
// (any placement that would cut off a region the checkerboard count says cannot be filled).
import { cellOf, dominoOf } from '../coords.js';
import { scratchKey } from '../scratch.js';
import type { GradeState } from '../state.js';
import type { Reason } from '../step.js';

/** The parity rules' scratch, owned by one GradeState; grown to the largest board seen. */
class ParityScratch {
  // The bridge search: discovery times, low links, subtree sizes, the placement to the
  // parent, the next neighbour to look at, the DFS stack, and the cells in discovery order.
  disc = new Int32Array(0);
  low = new Int32Array(0);
  sub = new Int32Array(0);
  up = new Int32Array(0);
  next = new Int32Array(0);
  dfs = new Int32Array(0);
  order = new Int32Array(0);

  // The region search: the cells a flood from seed i reaches are queue[i * nCells ..];
  // seen[c] = stamp * 8 + i marks c as reached by i. The floods of the last test stay here
  // until the next, so the rule can read the region it found off them.
  queue = new Int32Array(0);
  seen = new Float64Array(0);
  stamp = 0;
  readonly head = new Int32Array(6);
  readonly tail = new Int32Array(6);
  readonly seeds = new Int32Array(6);
  /** Union-find over the floods: floods that met are one region. */
  readonly parent = new Int32Array(6);
  readonly checked = new Uint8Array(6);
  readonly active = new Uint8Array(6);
  /** Where unbalancedRegion's round-robin scan over the placements resumes. */
  cursor = 0;

  // The walls (see syncWalls): a union-find over lattice points, for the board loaded `loads`,
  // brought up to date with the kill trail up to `synced`; a placement's new wall sides.
  corner = new Int32Array(0);
  loads = -1;
  synced = 0;
  readonly ends = new Int32Array(14);
  readonly local = new Int32Array(14);
}

const PARITY = scratchKey(() => new ParityScratch());

/**
 * Bridge splits odd: a placement that is the only link between two areas of open cells, each
 * of even size, dies, since laying it would leave both areas odd, and an odd area cannot be
 * filled.
 */
export function bridgeSplitsOdd(g: GradeState): boolean {
  const n = g.model.nCells;
  const s = g.scratch.of(PARITY);
  if (s.disc.length < n) {
    s.disc = new Int32Array(n);
    s.low = new Int32Array(n);
    s.sub = new Int32Array(n);
    s.up = new Int32Array(n);
    s.next = new Int32Array(n);
    s.dfs = new Int32Array(n);
    s.order = new Int32Array(n);
  }
  const { disc, low, sub, up, next, dfs, order } = s;
  disc.fill(-1, 0, n);
  let time = 0;
  const { cellPl, cellDeg, plA, plB } = g.model;
  const { live, cellDone, budget } = g;
  for (let root = 0; root < n; root++) {
    if (cellDone[root] === 1 || disc[root] >= 0) continue;
    // Tarjan's bridges, iteratively: a tree edge u–v is a bridge when nothing below v reaches
    // above it; v's side is then v's subtree, the other side the rest of the component.
    const first = time;
    let sp = 0;
    disc[root] = low[root] = time;
    order[time++] = root;
    sub[root] = 1;
    up[root] = -1;
    next[root] = 4 * root;
    dfs[sp++] = root;
    while (sp > 0) {
      // Out of time the search stops, half done, having ruled out nothing.
      if (budget.tick()) return false;
      const u = dfs[sp - 1];
      if (next[u] < 4 * u + cellDeg[u]) {
        const t = cellPl[next[u]++];
        if (live[t] === 0 || t === up[u]) continue;
        const v = plA[t] === u ? plB[t] : plA[t];
        if (disc[v] < 0) {
          disc[v] = low[v] = time;
          order[time++] = v;
          sub[v] = 1;
          up[v] = t;
          next[v] = 4 * v;
          dfs[sp++] = v;
        } else if (disc[v] < low[u]) low[u] = disc[v];
        continue;
      }
      sp--;
      if (sp === 0) break;
      const w = dfs[sp - 1];
      sub[w] += sub[u];
      if (low[u] < low[w]) low[w] = low[u];
    }
    const size = time - first;
    if (size % 2 === 1) continue;
    for (let i = first + 1; i < time; i++) {
      const v = order[i];
      if (low[v] !== disc[v] || sub[v] % 2 === 1) continue;
      // v's placement to its parent is a bridge with an even area on each side.
      const t = up[v];
      if (g.logging) {
        const cells: [number, number][] = [];
        const small = 2 * sub[v] <= size;
        for (let k = first; k < time; k++) {
          const inside = k >= disc[v] && k < disc[v] + sub[v];
          if (inside === small) cells.push(cellOf(g.model, order[k]));
        }
        cells.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
        g.reason = { rule: 'bridgeSplitsOdd', placement: dominoOf(g.model, t), cells };
      }
      g.eliminate(t);
      return true;
    }
  }
  return false;
}

function find(parent: Int32Array, i: number): number {
  while (parent[i] !== i) i = parent[i] = parent[parent[i]];
  return i;
}

/**
 * Unbalanced region: a placement dies if laying it would split off a region of open cells
 * (joined by placements still possible) with unequal numbers of dark and light squares.
 */
export function unbalancedRegion(g: GradeState): boolean {
  const s = g.scratch.of(PARITY);
  if (s.seen.length < g.model.nCells) {
    s.seen = new Float64Array(g.model.nCells);
    s.stamp = 0;
  }
  if (s.queue.length < 6 * g.model.nCells) s.queue = new Int32Array(6 * g.model.nCells);
  syncWalls(g, s);
  if (g.budget.outOfTime) return false;
  // Round-robin over the open live placements, from where the last scan stopped.
  const n = g.model.nPlacements;
  let p = s.cursor;
  if (p >= n) p = 0;
  for (let k = 0; k < n; k++) {
    // A poll per placement, and per round of floods inside cutsBadRegion: out of time, nothing is ruled out.
    if (g.budget.tick()) return false;
    if (g.live[p] === 1 && g.cellDone[g.model.plA[p]] === 0) {
      const root = cutsBadRegion(g, s, p);
      if (root >= 0 && !g.budget.outOfTime) {
        s.cursor = p + 1;
        if (g.logging) g.reason = regionReason(g, s, p, root);
        g.eliminate(p);
        return true;
      }
    }
    if (++p === n) p = 0;
  }
  return false;
}

/** The reason for ruling out p: the region of the floods merged into `root`, and its colours. */
function regionReason(g: GradeState, s: ParityScratch, p: number, root: number): Reason {
  const cells: [number, number][] = [];
  let dark = 0;
  for (let i = 0; i < 6; i++) {
    if (s.head[i] < 0 || find(s.parent, i) !== root) continue;
    for (let k = i * g.model.nCells; k < i * g.model.nCells + s.tail[i]; k++) {
      const c = s.queue[k];
      cells.push(cellOf(g.model, c));
      if (isDark(g, c)) dark++;
    }
  }
  cells.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  return { rule: 'unbalancedRegion', placement: dominoOf(g.model, p), cells, dark, light: cells.length - dark };
}

function isDark(g: GradeState, c: number): boolean {
  const r = Math.floor(c / g.model.cols);
  return ((r + c - r * g.model.cols) & 1) === 0;
}

// Walls. Think of the grid lines: a side between two cells is a wall once the placement across
// it is dead (and the board's edge is all wall). Open cells form one region exactly when no
// closed loop of walls separates them. Walls only ever appear, so the lattice points they join
// are kept in a union-find, brought up to date from the kill trail before each scan. Laying a
// domino walls in its two cells: every new wall side whose two ends were already joined by
// walls closes a loop, and each loop beyond the one around the domino itself cuts off a region.

function findCorner(corner: Int32Array, x: number): number {
  while (corner[x] !== x) x = corner[x] = corner[corner[x]];
  return x;
}

function joinCorners(corner: Int32Array, x: number, y: number): void {
  const rx = findCorner(corner, x);
  const ry = findCorner(corner, y);
  if (rx !== ry) corner[rx] = ry;
}

/** The two lattice points at the ends of the side between the cells of placement t. */
function sideOf(g: GradeState, t: number, out: Int32Array, at: number): void {
  const a = g.model.plA[t];
  const w = g.model.cols + 1;
  const r = Math.floor(a / g.model.cols);
  const c = a - r * g.model.cols;
  if (g.model.plB[t] === a + 1) {
    out[at] = r * w + c + 1;
    out[at + 1] = (r + 1) * w + c + 1;
  } else {
    out[at] = (r + 1) * w + c;
    out[at + 1] = (r + 1) * w + c + 1;
  }
}

/** Bring the walls up to date; on a new board, start them (and the scan) afresh. */
function syncWalls(g: GradeState, s: ParityScratch): void {
  if (s.loads !== g.loads) {
    s.loads = g.loads;
    s.synced = 0;
    s.cursor = 0;
    const w = g.model.cols + 1;
    const n = (g.model.rows + 1) * w;
    if (s.corner.length < n) s.corner = new Int32Array(n);
    const corner = s.corner;
    for (let x = 0; x < n; x++) corner[x] = x;
    // The edge of the board is one wall.
    for (let c = 0; c < w; c++) {
      joinCorners(corner, c, 0);
      joinCorners(corner, g.model.rows * w + c, 0);
    }
    for (let r = 0; r <= g.model.rows; r++) {
      joinCorners(corner, r * w, 0);
      joinCorners(corner, r * w + g.model.cols, 0);
    }
  }
  const { corner, ends } = s;
  for (; s.synced < g.trailLen; s.synced++) {
    // Each wall goes in whole, so a sync cut short by the time resumes where it stopped.
    if ((s.synced & 255) === 255 && g.budget.tick(256)) return;
    sideOf(g, g.trail[s.synced], ends, 0);
    joinCorners(corner, ends[0], ends[1]);
  }
}

/** Would laying p cut its region into two or more pieces (besides the domino)? */
function splits(g: GradeState, s: ParityScratch, p: number): boolean {
  const { corner, ends, local } = s;
  // The new walls: the sides of a and b that live placements cross, and the side between them.
  sideOf(g, p, ends, 0);
  let n = 2;
  for (let side = 0; side < 2; side++) {
    const c = side === 0 ? g.model.plA[p] : g.model.plB[p];
    for (let k = 4 * c, end = 4 * c + g.model.cellDeg[c]; k < end; k++) {
      const t = g.model.cellPl[k];
      if (t === p || g.live[t] === 0) continue;
      sideOf(g, t, ends, n);
      n += 2;
    }
  }
  // Add them one by one over the current wall components, counting the loops they close.
  for (let i = 0; i < n; i++) local[i] = findCorner(corner, ends[i]);
  let loops = 0;
  for (let i = 0; i < n; i += 2) {
    const x = local[i];
    const y = local[i + 1];
    if (x === y) loops++;
    else relabel(local, x, y, n);
  }
  return loops >= 3;
}

/** Merge two local components: they are tracked by relabelling (at most 14 entries). */
function relabel(local: Int32Array, from: number, to: number, n: number): void {
  for (let i = 0; i < n; i++) if (local[i] === from) local[i] = to;
}

/**
 * Does laying p cut off a region that cannot be filled? Only if it splits its region at all;
 * then flood the open area from every neighbour of a–b at once, a few cells per flood per
 * round, merging floods that meet. A flood that stops is a whole region; once at most one flood is
 * still running, the rest of the area is one region whose balance is whatever the others
 * leave, so it need not be explored. Returns the root flood of an unfillable region, or -1.
 */
function cutsBadRegion(g: GradeState, s: ParityScratch, p: number): number {
  if (!splits(g, s, p)) return -1;
  const { queue, seen, head, tail, seeds, parent, checked, active } = s;
  const a = g.model.plA[p];
  const b = g.model.plB[p];
  const n = g.model.nCells;
  let k = 0;
  for (let side = 0; side < 2; side++) {
    const c = side === 0 ? a : b;
    for (let j = 4 * c, end = 4 * c + g.model.cellDeg[c]; j < end; j++) {
      const t = g.model.cellPl[j];
      if (t !== p && g.live[t] === 1) seeds[k++] = g.other(t, c);
    }
  }
  // With one way out or none, nothing is cut off.
  if (k <= 1) return -1;
  const base = ++s.stamp * 8;
  for (let i = 0; i < 6; i++) {
    head[i] = -1;
    tail[i] = 0;
    parent[i] = i;
    checked[i] = 0;
  }
  for (let i = 0; i < k; i++) {
    const c = seeds[i];
    head[i] = 0;
    tail[i] = 1;
    queue[i * n] = c;
    seen[c] = base + i;
  }
  for (;;) {
    if (g.budget.tick()) return -1;
    // Regions whose floods have all stopped are complete: check them; count the others.
    for (let i = 0; i < k; i++) active[i] = 0;
    for (let i = 0; i < k; i++) if (head[i] < tail[i]) active[find(parent, i)] = 1;
    let running = 0;
    for (let r = 0; r < k; r++) {
      if (parent[r] !== r || checked[r] === 1) continue;
      if (active[r] === 1) {
        running++;
        continue;
      }
      checked[r] = 1;
      let dark = 0;
      let size = 0;
      for (let j = 0; j < k; j++) {
        if (find(parent, j) !== r) continue;
        size += tail[j];
        for (let x = j * n; x < j * n + tail[j]; x++) if (isDark(g, queue[x])) dark++;
      }
      if (2 * dark !== size) return r;
    }
    if (running <= 1) return -1;
    // A few cells per flood per round: fair enough, and less bookkeeping per cell.
    for (let i = 0; i < k; i++) {
      for (let step = 0; step < 4 && head[i] < tail[i]; step++) {
        const u = queue[i * n + head[i]++];
        for (let j = 4 * u, end = 4 * u + g.model.cellDeg[u]; j < end; j++) {
          const t = g.model.cellPl[j];
          if (g.live[t] === 0) continue;
          const v = g.model.plA[t] === u ? g.model.plB[t] : g.model.plA[t];
          if (v === a || v === b) continue;
          const f = seen[v] - base;
          if (f >= 0 && f < 8) {
            const ri = find(parent, i);
            const rs = find(parent, f);
            if (ri !== rs) parent[rs] = ri;
          } else {
            seen[v] = base + i;
            queue[i * n + tail[i]++] = v;
          }
        }
      }
    }
  }
}
