/** The event loop's longest pause, ms, while `work` runs (for a test to print, not assert: a benchmark's job). */
export async function worstDelay(work: () => Promise<unknown>): Promise<number> {
  let last = performance.now();
  let worst = 0;
  const tick = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last);
    last = now;
  }, 2);
  await work();
  await new Promise((r) => setTimeout(r, 20)); // a pause at the very end is seen too
  clearInterval(tick);
  return worst;
}
