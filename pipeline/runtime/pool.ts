// What the verbs' worker pools (build, audit) share: where a compiled worker file is, and the
// Node options a worker starts with.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The most worker threads a verb starts (--jobs): more only add memory and contention. */
export const MAX_JOBS = 64;

/**
 * The compiled worker `name` (e.g. 'audit/worker.js'), named from pipeline/, also when this
 * module runs from its TypeScript source (the tests): workers always run compiled code.
 */
export function workerFile(name: string): string {
  const here = import.meta.url;
  const url = here.endsWith('.ts') ? new URL(`../../dist/pipeline/${name}`, here) : new URL(`../${name}`, here);
  const file = fileURLToPath(url);
  if (!existsSync(file)) throw new Error(`compiled worker ${file} is missing (run npx tsc -p .)`);
  return file;
}

/**
 * Worker options. Piscina loads a worker file with require() first, and Node 20's require() of
 * an ES module, when a task asks for the handler while the worker's own start-up load is still
 * under way, aborted the whole process now and then ("v8::Module::IsGraphAsync must be used on
 * an instantiated module": about 1 audit run in 60 here, an empty report and SIGABRT). With
 * require() of ES modules off, require() fails at once and Piscina falls back to import(),
 * which loads a module once however many ask. Where Node has no such option, the default.
 */
export const WORKER_EXEC_ARGV: string[] | undefined = process.allowedNodeEnvironmentFlags.has(
  '--no-experimental-require-module',
)
  ? ['--no-experimental-require-module']
  : undefined;
