// Sudomino boards streamed from blocks of lines (input.ts) through a verb's `each`, whose text
// goes out through a BufferedWriter; the first refused board stops the run with one line, after
// what came before it is written.
import { formatSudominoError, type SudominoBoard } from '../../src/sudomino/board.js';
import { SudominoReader } from '../../src/sudomino/parse.js';
import { BufferedWriter } from './buffered-writer.js';
import { UserError } from '../runtime/errors.js';

export async function forEachSudominoBoard(
  blocks: AsyncIterable<string>,
  values: number | undefined,
  stream: NodeJS.WritableStream,
  each: (index: number, board: SudominoBoard) => string,
): Promise<void> {
  const reader = new SudominoReader(values);
  const result = (r: ReturnType<SudominoReader['push']>): string => {
    if (r === null) return '';
    if (!r.ok) throw new UserError(formatSudominoError(r.error));
    return each(r.index, r.board);
  };
  const out = new BufferedWriter(stream as never);
  try {
    for await (const block of blocks) {
      for (let start = 0; start < block.length;) {
        const nl = block.indexOf('\n', start);
        const end = nl < 0 ? block.length : nl;
        if (out.add(result(reader.push(block.slice(start, end))))) await out.flush();
        start = end + 1;
      }
    }
    out.add(result(reader.end()));
  } finally {
    await out.flush();
  }
}

/** "board 3" or 'board 3 (id "x")': how messages and results name a board, counting from 1. */
export function sudominoBoardName(index: number, board: SudominoBoard): string {
  const id = board.meta?.id;
  return `board ${index + 1}${id === undefined || id === null ? '' : ` (id ${JSON.stringify(id)})`}`;
}
