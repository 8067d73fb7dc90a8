/**
 * Fitting the answerability gate (src/chat/reader/answerability.ts): a logistic regression of
 * "answerable" on [logit(rules), margin], by Newton's method with a small ridge; a weight set to 0
 * in `use` leaves that input out (to compare the rules alone, the reader alone and both).
 */
import { gateInputs, type GateFeatures } from '../../src/chat/reader/answerability.ts';
export { gateProbability, type GateFeatures } from '../../src/chat/reader/answerability.ts';

/** Ridge on the weights (not the bias): keeps Newton's steps finite on separable data. */
const RIDGE = 1e-3;

export function fitGate(
  data: readonly (GateFeatures & { answerable: boolean })[],
  use: { rules: number; margin: number },
): { bias: number; rules: number; margin: number } {
  const rows = data.map((r) => {
    const [a, b] = gateInputs(r);
    return { x: [1, use.rules ? a : 0, use.margin ? b : 0], y: r.answerable ? 1 : 0 };
  });
  const w = [0, 0, 0];
  for (let iteration = 0; iteration < 100; iteration++) {
    const g = [0, 0, 0];
    const h = [
      [1e-9, 0, 0],
      [0, RIDGE, 0],
      [0, 0, RIDGE],
    ];
    for (let j = 1; j < 3; j++) g[j]! += RIDGE * w[j]!;
    for (const { x, y } of rows) {
      const p = 1 / (1 + Math.exp(-(w[0]! * x[0]! + w[1]! * x[1]! + w[2]! * x[2]!)));
      for (let i = 0; i < 3; i++) {
        g[i]! += (p - y) * x[i]!;
        for (let j = 0; j < 3; j++) h[i]![j]! += p * (1 - p) * x[i]! * x[j]!;
      }
    }
    const step = solve3(h, g);
    for (let i = 0; i < 3; i++) w[i]! -= step[i]!;
    if (Math.max(...step.map(Math.abs)) < 1e-9) break;
  }
  return { bias: w[0]!, rules: w[1]!, margin: w[2]! };
}

/** Solves the 3 × 3 system h · s = g (Gaussian elimination with partial pivoting). */
function solve3(h: number[][], g: number[]): number[] {
  const m = h.map((row, i) => [...row, g[i]!]);
  for (let c = 0; c < 3; c++) {
    let pivot = c;
    for (let r = c + 1; r < 3; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[pivot]![c]!)) pivot = r;
    [m[c], m[pivot]] = [m[pivot]!, m[c]!];
    for (let r = 0; r < 3; r++) {
      if (r === c || m[c]![c] === 0) continue;
      const f = m[r]![c]! / m[c]![c]!;
      for (let k = c; k < 4; k++) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  return m.map((row, i) => (row[i] === 0 ? 0 : row[3]! / row[i]!));
}
