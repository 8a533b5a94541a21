// A Sudomino shape, written `RxC:N`: rows, columns and the values 1..N (default 8x8:6).
import { MAX_CELLS, MAX_VALUES } from './board.js';
import type { Parsed } from '../parsed.js';

export interface Shape {
  rows: number;
  cols: number;
  values: number;
}

export const DEFAULT_SHAPE: Shape = { rows: 8, cols: 8, values: 6 };

export function formatShape(s: Shape): string {
  return `${s.rows}x${s.cols}:${s.values}`;
}

/** Shape texts smallest first: by cells, then rows, then N ("6x6:4" before "10x10:7", unlike text order). */
export function compareShapes(a: string, b: string): number {
  const key = (s: string): number[] => s.split(/[x:]/).map(Number);
  const [ra, ca, na] = key(a);
  const [rb, cb, nb] = key(b);
  return ra * ca - rb * cb || ra - rb || na - nb;
}

/**
 * A shape from "RxC:N", or the line that refuses it. N is never taken for granted: "8x8" alone is
 * refused, naming the whole form, so that a shape means what was typed.
 */
export function parseShape(text: string): { ok: true; shape: Shape } | { ok: false; error: string } {
  const m = /^\s*(\d+)\s*x\s*(\d+)\s*(?::\s*(\d+))?\s*$/i.exec(text);
  if (m === null) return { ok: false, error: `"${text}" is not a shape (write RxC:N, e.g. 8x8:6)` };
  const [rows, cols] = [Number(m[1]), Number(m[2])];
  if (m[3] === undefined)
    return {
      ok: false,
      error: `shape ${text.trim()} lacks its N: write RxC:N, e.g. ${rows}x${cols}:${DEFAULT_SHAPE.values}`,
    };
  const values = Number(m[3]);
  if (rows < 1 || cols < 1 || rows * cols < 2) return { ok: false, error: `shape ${text} has no room for a domino` };
  if (rows * cols > MAX_CELLS)
    return { ok: false, error: `shape ${text} is too large (boards are limited to ${MAX_CELLS} cells)` };
  if (values < 1 || values > MAX_VALUES) return { ok: false, error: `shape ${text}: N must be 1..${MAX_VALUES}` };
  return { ok: true, shape: { rows, cols, values } };
}

/** The shapes a --sizes text names, comma-separated, as their texts in the order given, without repeats. */
export function parseShapes(text: string): Parsed<string[]> {
  const out: string[] = [];
  for (const part of text.split(',')) {
    const res = parseShape(part);
    if (!res.ok) return res;
    const key = formatShape(res.shape);
    if (!out.includes(key)) out.push(key);
  }
  return { ok: true, value: out };
}
