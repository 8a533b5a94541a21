// A bar for a verb that counts items toward a known total (generate's puzzles): cli-progress on
// a terminal, nothing at all otherwise, so pipes and logs stay clean.
import cliProgress from 'cli-progress';

export interface CountProgress {
  /** One more item done; `label` says where the run is (e.g. "M=9 slot 3"). */
  tick(label: string): void;
  stop(): void;
}

const quiet: CountProgress = { tick() {}, stop() {} };

/** A bar of `total` items on `stream` when it is a terminal (or `tty` says so), else nothing. */
export function countProgress(
  total: number,
  what: string,
  stream: NodeJS.WritableStream = process.stderr,
  tty = (stream as NodeJS.WriteStream).isTTY === true,
): CountProgress {
  if (!tty || total <= 0) return quiet;
  const bar = new cliProgress.SingleBar(
    {
      stream,
      format: ` ${what} [{bar}] {value}/{total} | {label} | ETA {eta_formatted}`,
      hideCursor: true,
      clearOnComplete: true,
      fps: 5,
      // Drawn on ticks as well as by the timer: a slot can hold the event loop for seconds.
      synchronousUpdate: true,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0, { label: 'starting' });
  return {
    tick(label) {
      bar.increment(1, { label });
    },
    stop() {
      bar.stop();
    },
  };
}
