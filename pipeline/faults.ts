// Faults a test injects by name through the DOMINOSA_FAULT variable, for moments no test can
// reach by timing: `kill:POINT` kills the process (SIGKILL) there, `enospc:POINT` fails there as
// a full disk does. Unset in normal use, where fault() does nothing.
export function fault(point: string): void {
  const f = process.env.DOMINOSA_FAULT;
  if (f === undefined || f === '') return;
  if (f === `kill:${point}`) process.kill(process.pid, 'SIGKILL');
  if (f === `enospc:${point}`) throw Object.assign(new Error(`ENOSPC: no space left on device (injected at ${point})`), { code: 'ENOSPC' });
}
