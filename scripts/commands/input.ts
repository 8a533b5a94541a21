// Options shared by the verbs that read boards (solve, grade): the board file and the input
// and output formats.
import type { Argv } from 'yargs';

export function boardInputOptions(a: Argv) {
  return a
    .positional('file', { type: 'string', default: '-', describe: 'board file (text or JSON lines); - for stdin' })
    .option('format', { choices: ['text', 'jsonl'] as const, default: 'text' as const, describe: 'output format' })
    .option('input-format', {
      choices: ['auto', 'text', 'jsonl'] as const,
      default: 'auto' as const,
      describe: 'input format (auto: JSON lines if the first line starts with {)',
    });
}
