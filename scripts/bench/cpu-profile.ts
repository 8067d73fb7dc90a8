/**
 * Reads a V8 `.cpuprofile` (node --cpu-prof) into the tables of docs/benchmarks.md "Where a
 * request's time goes": self time by where the code lives (our files by path, packages by name,
 * Node's internals, native calls such as the socket write), within a window of the profile.
 * The format is Chrome DevTools' Profile (nodes with callFrame and children, samples, timeDeltas
 * in µs): https://chromedevtools.github.io/devtools-protocol/tot/Profiler/#type-Profile
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code lives: `src/…`/`plugins/…`, `pkg:<name>`, `node:<module>`, or a native call. */
export function placeOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : `native ${functionName}`;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return `pkg:${pkg[1]}`;
  if (url.startsWith('node:')) return url;
  if (url.startsWith('wasm://')) return 'wasm (PGlite, the tokenizer)';
  const own = /\/((?:src|plugins|scripts)\/.*)$/.exec(url);
  return own ? own[1]! : url;
}

/** Self time per place, µs, of the samples taken while `inWindow(µs since the profile began)`. */
export interface ProfileSummary {
  /** Sampled time in the window, µs (idle included). */
  totalUs: number;
  /** Time the thread had no JavaScript or native work, µs. */
  idleUs: number;
  /**
   * Time between samples further apart than `MAX_SAMPLE_GAP_US`, µs: left out of every other
   * figure. On a busy 2-core VM V8's sampler went 0.1–9.9 s without a sample (2026-11-30, an AVX2
   * host), and each such gap was charged to whatever frame came next (1.8 ms of "self time" per
   * request in an LRU's `get`).
   */
  lostUs: number;
  byPlace: Map<string, number>;
  byFunction: Map<string, number>;
}

/** A gap between two samples beyond which the time is counted as lost, µs (25× the 200 µs interval bench:profile asks for). */
export const MAX_SAMPLE_GAP_US = 5_000;

/** Reads `file` and sums its samples between `fromUs` and `toUs` after the profile's start. */
export function summarizeProfile(file: string, fromUs: number, toUs: number): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const summary: ProfileSummary = {
    totalUs: 0,
    idleUs: 0,
    lostUs: 0,
    byPlace: new Map(),
    byFunction: new Map(),
  };
  let at = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    at += dt;
    if (at < fromUs || at > toUs) return;
    if (dt > MAX_SAMPLE_GAP_US) {
      summary.lostUs += dt;
      return;
    }
    const frame = nodes.get(id)!.callFrame;
    summary.totalUs += dt;
    if (frame.functionName === '(idle)') {
      summary.idleUs += dt;
      return;
    }
    const place = placeOf(frame.url, frame.functionName);
    summary.byPlace.set(place, (summary.byPlace.get(place) ?? 0) + dt);
    const fn = `${frame.functionName || '(anonymous)'} ${place}:${frame.lineNumber + 1}`;
    summary.byFunction.set(fn, (summary.byFunction.get(fn) ?? 0) + dt);
  });
  return summary;
}

/** The `top` largest entries of `map` as table rows: µs per request and share of the busy time. */
export function topRows(map: Map<string, number>, top: number, requests: number, busyUs: number): string[] {
  return [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(
      ([name, us]) =>
        `| ${name} | ${(us / Math.max(1, requests)).toFixed(1)} | ${((100 * us) / Math.max(1, busyUs)).toFixed(1)} % |`,
    );
}
