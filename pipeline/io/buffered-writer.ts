// Output to a stream in large chunks that waits when the stream is full, so that a verb writing
// one line per item neither floods memory nor awaits once per item.
import type { Writable } from 'node:stream';

/** Collects output and writes it in large chunks, waiting when the stream is full. */
export class BufferedWriter {
  private parts: string[] = [];
  private size = 0;

  constructor(
    private readonly stream: Writable,
    private readonly chunk = 1 << 16,
  ) {}

  /**
   * Buffer text without waiting; true once a chunk's worth is held, when the caller should
   * `await flush()`. Loops that write per item use this to await once per chunk, not per item.
   */
  add(text: string): boolean {
    this.parts.push(text);
    this.size += text.length;
    return this.size >= this.chunk;
  }

  async write(text: string): Promise<void> {
    if (this.add(text)) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.size === 0) return;
    const text = this.parts.join('');
    this.parts = [];
    this.size = 0;
    if (!this.stream.write(text)) {
      await new Promise<void>((resolve) => this.stream.once('drain', resolve));
    }
  }
}
