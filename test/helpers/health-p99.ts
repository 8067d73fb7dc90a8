/**
 * Polls `/api/health` every ~50 ms (issue 36's "Must show") and reports the answer times'
 * percentiles, so a test can show the API stayed responsive while another company's hostile
 * input was worked on, and print the real figure next to its generous assertion.
 */
export function pollHealth(base: string, everyMs = 50) {
  const samples: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const res = await fetch(`${base}/api/health`);
      await res.arrayBuffer();
      samples.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    /** Stops polling; answer-time percentiles in ms and the number of answers. */
    async stop() {
      running = false;
      await loop;
      const sorted = [...samples].sort((a, b) => a - b);
      const at = (q: number) =>
        Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
      return { n: sorted.length, p50: at(0.5), p99: at(0.99), worst: Math.round(sorted.at(-1) ?? 0) };
    },
  };
}

/** Resident memory of this process (the API's, in these tests), MB. */
export const rssMb = () => Math.round(process.memoryUsage().rss / 2 ** 20);
