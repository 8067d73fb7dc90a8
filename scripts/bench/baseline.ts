/**
 * The recorded `bench:http` baseline (issue 37: keep the request path from sliding again). A run
 * with `--compare` sets each route's ratio to bare `node:http` (higher is better) and the chat
 * stream's first-token p50 (lower is better) beside the figures recorded in the repo, and flags any
 * more than `TOLERANCE` worse. Ratios, not req/s: both sides of a ratio run in the same minute on the
 * same machine, so they survive a busier or slower machine; the TTFT does not, and says so.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/** A drop of more than 10 % is flagged (the threshold). */
export const TOLERANCE = 0.1;

/** Ratios below this are compared by p50 latency instead (`POST /api/search new`: ≈ 0.002×). */
export const RATIO_FLOOR = 0.05;

/** One figure of a run: a route's ratio, or the chat stream's first-token times. */
export interface Figure {
  store: string;
  route: string;
  ratio?: number;
  p50?: number;
}

export interface Baseline {
  recordedAt: string;
  commit: string;
  conditions: Record<string, unknown>;
  figures: Figure[];
}

/** The baseline at `path`, or null when none has been recorded. @throws on a malformed file. */
export function readBaseline(path: string): Baseline | null {
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Baseline) : null;
}

/** Writes `figures` as the baseline, with the commit and the run's conditions. */
export function writeBaseline(path: string, figures: Figure[], conditions: Record<string, unknown>): void {
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    /* not a git checkout */
  }
  const baseline: Baseline = { recordedAt: new Date().toISOString(), commit, conditions, figures };
  writeFileSync(path, `${JSON.stringify(baseline, null, 2)}\n`);
}

/**
 * One line per figure of `run` with its baseline and the change; `flagged` counts those more than
 * TOLERANCE worse (a ratio lower; a first-token time or, under RATIO_FLOOR, a p50 higher). Figures
 * absent from the baseline are shown as new.
 */
export function compareWithBaseline(
  run: readonly Figure[],
  baseline: Baseline | null,
): { flagged: number; lines: string[] } {
  if (!baseline) return { flagged: 0, lines: ['no baseline recorded yet: run with --record'] };
  const lines = [`baseline: ${baseline.recordedAt}, commit ${baseline.commit}`];
  let flagged = 0;
  for (const figure of run) {
    const was = baseline.figures.find((f) => f.store === figure.store && f.route === figure.route);
    // A route far below bare Node (new questions: the model, not the request path, sets it) is
    // judged by its latency instead: its ratio's third decimal is noise.
    const higherIsBetter = figure.ratio !== undefined && figure.ratio >= RATIO_FLOOR;
    const now = higherIsBetter ? figure.ratio : figure.p50;
    const then = higherIsBetter ? was?.ratio : was?.p50;
    const name = `${figure.store.padEnd(8)} ${figure.route.padEnd(24)}`;
    if (now === undefined) continue;
    if (then === undefined || then === 0) {
      lines.push(`${name} ${now}  (new)`);
      continue;
    }
    const change = (now - then) / then;
    const worse = higherIsBetter ? change < -TOLERANCE : change > TOLERANCE;
    if (worse) flagged++;
    const unit = higherIsBetter ? '×' : ' ms';
    lines.push(
      `${name} ${now}${unit}  baseline ${then}${unit}  ${change >= 0 ? '+' : ''}${(change * 100).toFixed(1)} %${worse ? '  << WORSE' : ''}`,
    );
  }
  return { flagged, lines };
}
