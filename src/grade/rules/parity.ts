// Parity: a region of open cells cut off from the rest can only be filled if it holds an even
// number of cells, as many dark as light on a checkerboard. Level 4 of the ladder is the plain
// case a person sees (a domino that alone links two even areas); level 6 is the general one
// (any placement that would cut off a region the checkerboard count says cannot be filled).
import type { GradeState } from '../state.js';

// Scratch for the bridge search: discovery times, low links, subtree sizes, the placement to
// the parent, the next neighbour to look at, the DFS stack, and the cells in discovery order.
let disc = new Int32Array(0);
let low = new Int32Array(0);
let sub = new Int32Array(0);
let up = new Int32Array(0);
let next = new Int32Array(0);
let dfs = new Int32Array(0);
let order = new Int32Array(0);

/**
 * Bridge splits odd: a placement that is the only link between two areas of open cells, each
 * of even size, dies, since laying it would leave both areas odd, and an odd area cannot be
 * filled.
 */
export function bridgeSplitsOdd(g: GradeState): boolean {
  const n = g.nCells;
  if (disc.length < n) {
    disc = new Int32Array(n);
    low = new Int32Array(n);
    sub = new Int32Array(n);
    up = new Int32Array(n);
    next = new Int32Array(n);
    dfs = new Int32Array(n);
    order = new Int32Array(n);
  }
  disc.fill(-1, 0, n);
  let time = 0;
  const { cellPl, cellDeg, live, cellDone } = g;
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
      const u = dfs[sp - 1];
      if (next[u] < 4 * u + cellDeg[u]) {
        const t = cellPl[next[u]++];
        if (live[t] === 0 || t === up[u]) continue;
        const v = g.other(t, u);
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
          if (inside === small) cells.push(g.cellRC(order[k]));
        }
        cells.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
        g.reason = { placement: g.domino(t), cells };
      }
      g.eliminate(t);
      return true;
    }
  }
  return false;
}

// Scratch for the region search, grown to the largest board seen. The cells a flood from
// seed i reaches are queue[i * nCells ..]; seen[c] = stamp * 8 + i marks c as reached by i.
let queue = new Int32Array(0);
let seen = new Float64Array(0);
let stamp = 0;
const head = new Int32Array(6);
const tail = new Int32Array(6);
const seeds = new Int32Array(6);
const parent = new Int32Array(6);
const checked = new Uint8Array(6);
const active = new Uint8Array(6);
// The region found unfillable by the last successful test (for the reason).
let badRoot = -1;

function find(i: number): number {
  while (parent[i] !== i) i = parent[i] = parent[parent[i]];
  return i;
}

/**
 * Unbalanced region: a placement dies if laying it would split off a region of open cells
 * (joined by placements still possible) with unequal numbers of dark and light squares.
 */
export function unbalancedRegion(g: GradeState): boolean {
  if (seen.length < g.nCells) {
    seen = new Float64Array(g.nCells);
    stamp = 0;
  }
  if (queue.length < 6 * g.nCells) queue = new Int32Array(6 * g.nCells);
  syncWalls(g);
  const p = g.findPlacement(3, cutsBadRegion);
  if (p < 0) return false;
  if (g.logging) {
    const cells: [number, number][] = [];
    let dark = 0;
    for (let i = 0; i < 6; i++) {
      if (head[i] < 0 || find(i) !== badRoot) continue;
      for (let k = i * g.nCells; k < i * g.nCells + tail[i]; k++) {
        const c = queue[k];
        cells.push(g.cellRC(c));
        if (isDark(g, c)) dark++;
      }
    }
    cells.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
    g.reason = { placement: g.domino(p), cells, dark, light: cells.length - dark };
  }
  g.eliminate(p);
  return true;
}

function isDark(g: GradeState, c: number): boolean {
  const r = Math.floor(c / g.cols);
  return ((r + c - r * g.cols) & 1) === 0;
}

// Walls. Think of the grid lines: a side between two cells is a wall once the placement across
// it is dead (and the board's edge is all wall). Open cells form one region exactly when no
// closed loop of walls separates them. Walls only ever appear, so the lattice points they join
// are kept in a union-find, brought up to date from the kill trail before each scan. Laying a
// domino walls in its two cells: every new wall side whose two ends were already joined by
// walls closes a loop, and each loop beyond the one around the domino itself cuts off a region.
let corner = new Int32Array(0);
let wallsOf: GradeState | null = null;
let wallsLoads = -1;
let wallsSynced = 0;
const ends = new Int32Array(14);
const local = new Int32Array(14);

function findCorner(x: number): number {
  while (corner[x] !== x) x = corner[x] = corner[corner[x]];
  return x;
}

function joinCorners(x: number, y: number): void {
  const rx = findCorner(x);
  const ry = findCorner(y);
  if (rx !== ry) corner[rx] = ry;
}

/** The two lattice points at the ends of the side between the cells of placement t. */
function sideOf(g: GradeState, t: number, out: Int32Array, at: number): void {
  const a = g.plA[t];
  const w = g.cols + 1;
  const r = Math.floor(a / g.cols);
  const c = a - r * g.cols;
  if (g.plB[t] === a + 1) {
    out[at] = r * w + c + 1;
    out[at + 1] = (r + 1) * w + c + 1;
  } else {
    out[at] = (r + 1) * w + c;
    out[at + 1] = (r + 1) * w + c + 1;
  }
}

function syncWalls(g: GradeState): void {
  if (wallsOf !== g || wallsLoads !== g.loads) {
    wallsOf = g;
    wallsLoads = g.loads;
    wallsSynced = 0;
    const w = g.cols + 1;
    const n = (g.rows + 1) * w;
    if (corner.length < n) corner = new Int32Array(n);
    for (let x = 0; x < n; x++) corner[x] = x;
    // The edge of the board is one wall.
    for (let c = 0; c < w; c++) {
      joinCorners(c, 0);
      joinCorners(g.rows * w + c, 0);
    }
    for (let r = 0; r <= g.rows; r++) {
      joinCorners(r * w, 0);
      joinCorners(r * w + g.cols, 0);
    }
  }
  for (; wallsSynced < g.trailLen; wallsSynced++) {
    sideOf(g, g.trail[wallsSynced], ends, 0);
    joinCorners(ends[0], ends[1]);
  }
}

/** Would laying p cut its region into two or more pieces (besides the domino)? */
function splits(g: GradeState, p: number): boolean {
  // The new walls: the sides of a and b that live placements cross, and the side between them.
  sideOf(g, p, ends, 0);
  let n = 2;
  for (let side = 0; side < 2; side++) {
    const c = side === 0 ? g.plA[p] : g.plB[p];
    for (let k = 4 * c, end = 4 * c + g.cellDeg[c]; k < end; k++) {
      const t = g.cellPl[k];
      if (t === p || g.live[t] === 0) continue;
      sideOf(g, t, ends, n);
      n += 2;
    }
  }
  // Add them one by one over the current wall components, counting the loops they close.
  for (let i = 0; i < n; i++) local[i] = findCorner(ends[i]);
  let loops = 0;
  for (let i = 0; i < n; i += 2) {
    const x = local[i];
    const y = local[i + 1];
    if (x === y) loops++;
    else relabel(x, y, n);
  }
  return loops >= 3;
}

/** Merge two local components: they are tracked by relabelling (at most 14 entries). */
function relabel(from: number, to: number, n: number): void {
  for (let i = 0; i < n; i++) if (local[i] === from) local[i] = to;
}

/**
 * Does laying p cut off a region that cannot be filled? Only if it splits its region at all;
 * then flood the open area from every neighbour of a–b at once, a few cells per flood per
 * round, merging floods that meet. A flood that stops is a whole region; once at most one flood is
 * still running, the rest of the area is one region whose balance is whatever the others
 * leave, so it need not be explored.
 */
function cutsBadRegion(g: GradeState, p: number): boolean {
  if (!splits(g, p)) return false;
  const a = g.plA[p];
  const b = g.plB[p];
  const n = g.nCells;
  let k = 0;
  for (let side = 0; side < 2; side++) {
    const c = side === 0 ? a : b;
    for (let j = 4 * c, end = 4 * c + g.cellDeg[c]; j < end; j++) {
      const t = g.cellPl[j];
      if (t !== p && g.live[t] === 1) seeds[k++] = g.other(t, c);
    }
  }
  // With one way out or none, nothing is cut off.
  if (k <= 1) return false;
  stamp++;
  const base = stamp * 8;
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
    // Regions whose floods have all stopped are complete: check them; count the others.
    for (let i = 0; i < k; i++) active[i] = 0;
    for (let i = 0; i < k; i++) if (head[i] < tail[i]) active[find(i)] = 1;
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
        if (find(j) !== r) continue;
        size += tail[j];
        for (let x = j * n; x < j * n + tail[j]; x++) if (isDark(g, queue[x])) dark++;
      }
      if (2 * dark !== size) {
        badRoot = r;
        return true;
      }
    }
    if (running <= 1) return false;
    // A few cells per flood per round: fair enough, and less bookkeeping per cell.
    for (let i = 0; i < k; i++) {
      for (let step = 0; step < 4 && head[i] < tail[i]; step++) {
        const u = queue[i * n + head[i]++];
        for (let j = 4 * u, end = 4 * u + g.cellDeg[u]; j < end; j++) {
          const t = g.cellPl[j];
          if (g.live[t] === 0) continue;
          const v = g.plA[t] === u ? g.plB[t] : g.plA[t];
          if (v === a || v === b) continue;
          const s = seen[v] - base;
          if (s >= 0 && s < 8) {
            const ri = find(i);
            const rs = find(s);
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
