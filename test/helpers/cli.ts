// The one way tests run the compiled command line: paths to the repository, its data and the
// fixtures, and `cli` (wait for the exit) or `cliAsync` (run beside other work).
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..');
export const CLI = join(ROOT, 'dist', 'scripts', 'cli.js');
export const FIXTURES = join(ROOT, 'test', 'fixtures');
export const DATA = join(ROOT, 'data');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  input?: string;
  /** The folder it runs in (default this process's). */
  cwd?: string;
  /** Variables to set (undefined: unset) on top of this process's environment. */
  env?: Record<string, string | undefined>;
}

export function cli(args: string[], opts: CliOptions = {}): CliResult {
  const env =
    opts.env === undefined
      ? undefined
      : Object.fromEntries(Object.entries({ ...process.env, ...opts.env }).filter(([, v]) => v !== undefined));
  const r = spawnSync(process.execPath, [CLI, ...args], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    input: opts.input,
    cwd: opts.cwd,
    env,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** `killAfterMs`: a bound past which the process is killed (its code is then null), for tests of bounded work. */
export function cliAsync(args: string[], opts: { killAfterMs?: number } = {}): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [CLI, ...args],
      opts.killAfterMs === undefined ? {} : { timeout: opts.killAfterMs, killSignal: 'SIGKILL' },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}
