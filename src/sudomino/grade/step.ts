// One deduction of the Sudomino grader, as a value: the technique, its level, the grounds a
// sentence needs (lines, dominoes, values; 0-based indices) and what it placed and removed.
// explain.ts words it for a person.

/** The grounds of each kind of step, by the rule that makes it (a subset rule serves two sizes). */
export interface Reasons {
  /** The domino with one value left. */
  nakedSingle: { domino: number; value: number };
  /** The full line, the value it still needs and the only domino of it that can hold the value. */
  hiddenSingle: { line: number; value: number; domino: number };
  /** The full line, the value, the dominoes of it that can hold the value, and the other line they all lie in. */
  lineIntersection: { line: number; value: number; dominoes: number[]; other: number };
  /** The line, and the k dominoes with only k values between them. */
  nakedSubset: { line: number; dominoes: number[]; values: number[] };
  /** The full line, and the k values it needs that only k of its dominoes can hold. */
  hiddenSubset: { line: number; dominoes: number[]; values: number[] };
  /**
   * The assumption (value on domino), the singles it forces round by round, a round's in domino
   * order (none for a line starvation), and what then fails:
   * a domino with no value left, or a line with fewer values than entries.
   */
  contradictionChain: {
    domino: number;
    value: number;
    chain: [domino: number, value: number][];
    deadDomino?: number;
    deadLine?: number;
  };
}

export type RuleKind = keyof Reasons;

export type Reason = { [K in RuleKind]: { kind: K } & Reasons[K] }[RuleKind];

/** The techniques of the ladder, easiest first (ladder.ts gives each its level). */
export const TECHNIQUES = [
  'nakedSingle',
  'hiddenSingle',
  'lineIntersection',
  'nakedPair',
  'hiddenPair',
  'nakedTriple',
  'hiddenTriple',
  'lineStarvation',
  'contradictionChain',
] as const;

export type Technique = (typeof TECHNIQUES)[number];

export interface Step {
  technique: Technique;
  /** Ladder level of the technique (see LEVELS in ladder.ts). */
  level: number;
  reason: Reason;
  /** Dominoes given their value by the step, as [domino, value]. */
  placed: [domino: number, value: number][];
  /** Every candidate the step removed, as [domino, value], a placement's own and its lines' included. */
  eliminated: [domino: number, value: number][];
}
