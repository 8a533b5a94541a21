// What `generate` asks of a kind (src/kind.ts, `generating`): the sizes it makes by default, its
// grade targets, and a maker of slots that words each puzzle as generate writes it, the verb
// keeping the clock, the progress and the output.
import type { Parsed } from '../parsed.js';

/** What one generate run asks of every slot. */
export interface GenerateRun<T = unknown> {
  seed: number;
  format: 'jsonl' | 'text';
  /** Keep only puzzles of this grade target (the kind's own, read by `target`); absent: any. */
  target?: T;
  /** The way to make boards (one of `methods`), and the deals a slot may try; absent: the kind's defaults. */
  method?: string;
  maxAttempts?: number;
}

/** A slot made: the puzzle as the run writes it (ending in a newline), or why there is none. */
export type MadeSlot =
  | { ok: true; text: string }
  | { ok: false; timedOut: true }
  /** `badOptions`: the run's options cannot work at all (exit 2), rather than this slot failing (exit 1). */
  | { ok: false; timedOut: false; error: string; badOptions: boolean };

/** A maker of slots for one run, reused from slot to slot. */
export interface SlotMaker {
  /** How messages name a slot of a size ("M=6 slot 0"); `several`: the run makes more than one size. */
  where(key: string, slot: number, several: boolean): string;
  /** Slot `slot` of the size keyed `key`; `interrupt` (the run's clock, absent: none) true gives it up, timed out. */
  make(key: string, slot: number, interrupt: (() => boolean) | undefined): MadeSlot;
}

export interface KindGenerating<T = unknown> {
  /** The sizes generate makes when --sizes is absent; null: the run must name them. */
  readonly defaultSizes: readonly string[] | null;
  /** Why generate does not make these sizes (one line, without the option's name), or null. */
  refuseSizes?(keys: readonly string[]): string | null;
  /**
   * The ways the kind can make a slot (--method), its default first; absent: it has one way,
   * and --method and --max-attempts are refused.
   */
  readonly methods?: readonly string[];
  /** A --grade text as the kind's grade target, or the one line (naming `flag`) that refuses it. */
  target(text: string, flag: string): Parsed<T>;
  maker(run: GenerateRun<T>): SlotMaker;
}
