// How messages and results name a board of any kind: by its place in the input, counting from 1,
// and its id when the input gave one.

/** "board 3" or 'board 3 (id "p7")'. */
export function boardName(index: number, board: { readonly meta?: Readonly<Record<string, unknown>> }): string {
  const id = board.meta?.id;
  return `board ${index + 1}${id === undefined || id === null ? '' : ` (id ${JSON.stringify(id)})`}`;
}
