// Tests for the worker pools' shared settings: the compiled worker files are found, and workers
// start with require() of ES modules off, so Piscina loads them with import() (see pool.ts).
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { WORKER_EXEC_ARGV, workerFile } from '../../../pipeline/runtime/pool.js';

/** What a worker started with `execArgv` gets when it require()s a compiled ES module. */
function requireInWorker(execArgv: string[] | undefined): Promise<string> {
  const target = workerFile('audit/worker.js');
  const code = `
    const { parentPort } = require('node:worker_threads');
    try { require(${JSON.stringify(target)}); parentPort.postMessage('loaded'); }
    catch (e) { parentPort.postMessage(e.code ?? 'threw'); }`;
  return new Promise((resolve, reject) => {
    const w = new Worker(code, { eval: true, execArgv });
    w.once('message', (m: string) => {
      resolve(m);
      void w.terminate();
    });
    w.once('error', reject);
  });
}

describe('worker pools', () => {
  it('find the compiled workers, and name a missing one', () => {
    expect(workerFile('build/worker.js')).toMatch(/dist[/\\]pipeline[/\\]build[/\\]worker\.js$/);
    expect(workerFile('audit/worker.js')).toMatch(/audit[/\\]worker\.js$/);
    expect(() => workerFile('no-such-worker.js')).toThrow(/compiled worker .*no-such-worker\.js is missing/);
  });

  it('start workers whose require() of an ES module fails at once, so Piscina takes its import() path', async () => {
    // Node 20.17 and later can require() ES modules by default (the path that aborted now and
    // then); there the pools must turn it off. Older Nodes cannot, and need no option. A worker
    // awaits the plugin kinds as it loads (top-level await), which such a require() starts
    // loading and then refuses as an async module.
    const byDefault = await requireInWorker(undefined);
    if (byDefault === 'loaded' || byDefault === 'ERR_REQUIRE_ASYNC_MODULE')
      expect(WORKER_EXEC_ARGV).toEqual(['--no-experimental-require-module']);
    expect(await requireInWorker(WORKER_EXEC_ARGV)).toBe('ERR_REQUIRE_ESM');
  });
});
