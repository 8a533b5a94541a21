// The worker each verb that works off its main thread runs (runtime/off-thread.ts), by verb: one
// home for the names, so the command line can start a verb's thread before the verb loads
// (scripts/cli.ts) and the verb takes that very thread. Imports nothing: it is read first.

export const VERB_THREADS = {
  generate: 'generate/worker.js',
  solve: 'boards/worker.js',
  grade: 'boards/worker.js',
} as const;
