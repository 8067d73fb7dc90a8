/**
 * Where a chat answer's time goes before its first token (issue 37): one histogram with a `step`
 * label, so `bench:http` and an operator's dashboard can tell the request path (settings, the
 * follow-up rewrite, retrieval with its query embedding) from the answerer's own read of the
 * chunks (`first_fragment`). Sum / count of each step is its mean; buckets as the first-token
 * histogram's.
 */
import { Histogram } from 'prom-client';
import { registry } from '../metrics/registry.ts';

/** The steps of answerStream (chat.service.ts), in order. */
export type ChatStep = 'settings' | 'condense' | 'retrieve' | 'assess' | 'first_fragment';

export const chatStepDuration = new Histogram({
  name: 'cograg_chat_step_duration_seconds',
  help: 'Duration of one step of a chat answer before its first token (settings, condense, retrieve, assess, first_fragment)',
  labelNames: ['step'] as const,
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10],
  registers: [registry],
});

/** A stopwatch over one answer: `lap(step)` records the time since the previous lap, ms. */
export function chatStopwatch(): { lap(step: ChatStep): number } {
  let last = performance.now();
  return {
    lap(step) {
      const now = performance.now();
      const ms = now - last;
      last = now;
      chatStepDuration.observe({ step }, ms / 1000);
      return ms;
    },
  };
}
