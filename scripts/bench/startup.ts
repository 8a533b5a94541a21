// Bench section `startup`: how long the command the README gives takes to answer --help, against
// `node dist/scripts/cli.js --help` (issue 17's first-run target: within 0.1 s of it).
import { execFileSync, spawnSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { join } from 'node:path';

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function timeRuns(cmd: string, args: string[], runs: number): number {
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    const r = spawnSync(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    ms.push(Number(process.hrtime.bigint() - t0) / 1e6);
    if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}: ${String(r.stderr)}`);
  }
  return median(ms);
}

/** The `dominosa` on PATH, when it is this checkout's (after `npm link --ignore-scripts`); else null. */
function linkedCommand(cli: string): string | null {
  try {
    const found = execFileSync('sh', ['-c', 'command -v dominosa'], { encoding: 'utf8' }).trim();
    return found !== '' && realpathSync(found) === realpathSync(cli) ? found : null;
  } catch {
    return null;
  }
}

export function startupTimes(
  root: string,
  quick: boolean,
): { nodeMs: number; commandMs: number; command: string; overMs: number } {
  const cli = join(root, 'dist', 'scripts', 'cli.js');
  const runs = quick ? 5 : 11;
  const nodeMs = timeRuns(process.execPath, [cli, '--help'], runs);
  // The linked `dominosa` is this file run through its #!/usr/bin/env node line; without the link, time that line's command.
  const linked = linkedCommand(cli);
  const commandMs =
    linked === null ? timeRuns('/usr/bin/env', ['node', cli, '--help'], runs) : timeRuns(linked, ['--help'], runs);
  const command = linked ?? '/usr/bin/env node dist/scripts/cli.js (what the linked dominosa runs)';
  const overMs = commandMs - nodeMs;
  console.log(`\nstart-up (node dist/scripts/bench/bench.js --only startup), --help, median of ${runs}:`);
  console.log(`  node dist/scripts/cli.js   ${nodeMs.toFixed(0)} ms`);
  console.log(
    `  ${command}   ${commandMs.toFixed(0)} ms (${overMs >= 0 ? '+' : ''}${overMs.toFixed(0)} ms; target within 100 ms: ${overMs <= 100 ? 'met' : 'NOT met'})`,
  );
  return { nodeMs, commandMs, command, overMs };
}
