// The adapter between the grader's log and the web pack: each step stored compactly (rule,
// dominoes laid, placements ruled out, the reason with its cells, dominoes and pairs as single
// numbers) and read back into the grader's own Step, which explain.ts words. This file is the
// only place in play/ that knows the log's shape; unknown reason fields pass through as they are.
import { pairFromIndex, pairIndex } from '../pairs.js';
import type { Domino } from '../solve/solution.js';
import type { Step } from '../grade/step.js';
import { dominoOf, placementOfDomino, type Shape } from './geometry.js';

/** A rule as the pack names it once: its name and its ladder level (by name, and its number). */
export type RuleEntry = [name: string, level: string, levelNumber: number];

/** One step in the pack: [rule index, placements laid, placements ruled out, packed reason]. */
export type PackedStep = [rule: number, placed: number[], eliminated: number[], reason: Record<string, unknown>];

/** A step as the page reasons about it: placements as numbers, the reason still the grader's. */
export interface HintStep {
  rule: string;
  level: string;
  levelNumber: number;
  placed: number[];
  eliminated: number[];
  reason: Record<string, unknown>;
}

type Kind = 'cell' | 'cells' | 'domino' | 'dominoes' | 'dominoLists' | 'pair' | 'pairs';

/** How the reason's fields are packed; any other field is stored as it is. */
const KINDS: Readonly<Record<string, Kind>> = {
  cell: 'cell',
  cells: 'cells',
  placement: 'domino',
  chain: 'dominoes',
  spots: 'dominoes',
  chains: 'dominoLists',
  pair: 'pair',
  pairs: 'pairs',
};

function packValue(s: Shape, kind: Kind, v: unknown): unknown {
  const cell = (c: readonly number[]): number => c[0] * s.cols + c[1];
  const pair = (p: readonly number[]): number => pairIndex(p[0], p[1]);
  switch (kind) {
    case 'cell':
      return cell(v as number[]);
    case 'cells':
      return (v as number[][]).map(cell);
    case 'domino':
      return placementOfDomino(s, v as number[]);
    case 'dominoes':
      return (v as number[][]).map((d) => placementOfDomino(s, d));
    case 'dominoLists':
      return (v as number[][][]).map((ds) => ds.map((d) => placementOfDomino(s, d)));
    case 'pair':
      return pair(v as number[]);
    case 'pairs':
      return (v as number[][]).map(pair);
  }
}

function unpackValue(s: Shape, kind: Kind, v: unknown): unknown {
  const cell = (c: number): [number, number] => [Math.floor(c / s.cols), c % s.cols];
  switch (kind) {
    case 'cell':
      return cell(v as number);
    case 'cells':
      return (v as number[]).map(cell);
    case 'domino':
      return dominoOf(s, v as number);
    case 'dominoes':
      return (v as number[]).map((p) => dominoOf(s, p));
    case 'dominoLists':
      return (v as number[][]).map((ps) => ps.map((p) => dominoOf(s, p)));
    case 'pair':
      return pairFromIndex(v as number);
    case 'pairs':
      return (v as number[]).map(pairFromIndex);
  }
}

/**
 * Pack a log. `levelName` names a ladder level by its number (the exporter passes the grader's
 * LEVELS); `rules` collects the rule table the steps index into, shared by a whole pack.
 */
export function packSteps(
  s: Shape,
  log: readonly Step[],
  rules: RuleEntry[],
  levelName: (level: number) => string,
): PackedStep[] {
  return log.map((step) => {
    let r = rules.findIndex(([name]) => name === step.rule);
    if (r < 0) r = rules.push([step.rule, levelName(step.level), step.level]) - 1;
    const reason: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(step.reason as Record<string, unknown>)) {
      // The rule's name is the rule table's; unpackStep puts it back.
      if (v === undefined || k === 'rule') continue;
      reason[k] = k in KINDS ? packValue(s, KINDS[k], v) : v;
    }
    return [
      r,
      step.placed.map((d) => placementOfDomino(s, d)),
      step.eliminated.map((d) => placementOfDomino(s, d)),
      reason,
    ];
  });
}

export function unpackStep(
  s: Shape,
  rules: readonly RuleEntry[],
  [r, placed, eliminated, packed]: PackedStep,
): HintStep {
  const [rule, level, levelNumber] = rules[r];
  const reason: Record<string, unknown> = { rule };
  for (const [k, v] of Object.entries(packed)) reason[k] = k in KINDS ? unpackValue(s, KINDS[k], v) : v;
  return { rule, level, levelNumber, placed, eliminated, reason };
}

/** The grader's Step again, for explain.ts to word. */
export function toGraderStep(s: Shape, h: HintStep): Step {
  const dominoes = (ps: number[]): Domino[] => ps.map((p) => dominoOf(s, p));
  return {
    level: h.levelNumber,
    rule: h.rule as Step['rule'],
    placed: dominoes(h.placed),
    eliminated: dominoes(h.eliminated),
    reason: h.reason as Step['reason'],
  };
}

/** The cells a hint about this step highlights: those its reason names, the dominoes it lays,
 * a chain rule's side (the dominoes that stand or fall together) and the two spots of a pair in
 * both sides of a chain (what it rules out is shown as boundary marks instead). */
export function stepCells(s: Shape, h: HintStep): number[] {
  const out = new Set<number>();
  const cell = (c: unknown): void => {
    if (Array.isArray(c) && c.length === 2) out.add((c[0] as number) * s.cols + (c[1] as number));
  };
  const domino = (d: unknown): void => {
    if (Array.isArray(d) && d.length === 4) {
      cell(d.slice(0, 2));
      cell(d.slice(2));
    }
  };
  const r = h.reason;
  cell(r.cell);
  if (Array.isArray(r.cells)) r.cells.forEach(cell);
  domino(r.placement);
  if (h.rule === 'chainRepeatsPair' || h.rule === 'chainStarvesCell') (r.chain as unknown[]).forEach(domino);
  if (Array.isArray(r.spots)) r.spots.forEach(domino);
  for (const p of h.placed) domino(dominoOf(s, p));
  return [...out].sort((a, b) => a - b);
}
