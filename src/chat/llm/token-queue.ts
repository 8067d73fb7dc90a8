/**
 * A push-to-pull bridge: a producer that reports text through callbacks (node-llama-cpp's
 * `onTextChunk`) feeds an async iterator that a generator consumes at its own pace.
 */
export class TokenQueue implements AsyncIterable<string> {
  private readonly items: string[] = [];
  private ended = false;
  private failure: unknown = null;
  private wake: (() => void) | null = null;

  push(text: string): void {
    this.items.push(text);
    this.signal();
  }

  /** Ends the iteration after the queued items; with `error`, the iterator throws it instead. */
  end(error?: unknown): void {
    this.ended = true;
    if (error !== undefined) this.failure = error;
    this.signal();
  }

  private signal() {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<string> {
    for (;;) {
      while (this.items.length > 0) yield this.items.shift()!;
      if (this.failure !== null) throw this.failure;
      if (this.ended) return;
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }
}
