/**
 * Binary logistic regression over named features, standardised (z-scores) before the linear
 * term, with L2 regularisation, fitted by full-batch gradient descent (Hastie, Tibshirani &
 * Friedman, "The Elements of Statistical Learning", 2nd ed., §4.4). Small on purpose: the
 * answerer's models have ten-odd features and a few thousand rows, and must be refittable from
 * a script (scripts/answers/fit-answerer.ts) with no Python.
 */

/** A fitted model as stored in model.json: everything `predict` needs. */
export interface LogisticModel {
  features: string[];
  mean: number[];
  std: number[];
  weights: number[];
  bias: number;
}

/** Feature values by name; a feature the model knows but the row lacks counts as 0. */
export type FeatureRow = Record<string, number>;

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** The model's linear term (log-odds) for the row. */
export function logit(model: LogisticModel, row: FeatureRow): number {
  let z = model.bias;
  for (let j = 0; j < model.features.length; j++) {
    const x = row[model.features[j]!] ?? 0;
    z += model.weights[j]! * ((x - model.mean[j]!) / model.std[j]!);
  }
  return z;
}

/** The model's probability that the row is positive, 0..1. */
export function predict(model: LogisticModel, row: FeatureRow): number {
  return sigmoid(logit(model, row));
}

/**
 * Fits a model on rows with 0/1 labels.
 * @param l2 penalty on the squared weights (not the bias), per row
 * @param iterations gradient steps (step size 0.5 on standardised features)
 * @param positiveWeight weight of a positive row's loss (class balance); 1 = plain
 */
export function fitLogistic(
  features: string[],
  rows: FeatureRow[],
  labels: number[],
  { l2 = 1e-3, iterations = 2000, positiveWeight = 1 } = {},
): LogisticModel {
  const n = rows.length;
  const d = features.length;
  const mean = features.map((f) => rows.reduce((s, r) => s + (r[f] ?? 0), 0) / n);
  const std = features.map((f, j) => {
    const v = rows.reduce((s, r) => s + ((r[f] ?? 0) - mean[j]!) ** 2, 0) / n;
    return Math.sqrt(v) || 1;
  });
  const x = rows.map((r) => features.map((f, j) => ((r[f] ?? 0) - mean[j]!) / std[j]!));
  const w = new Array<number>(d).fill(0);
  let b = 0;
  const sampleWeight = labels.map((y) => (y === 1 ? positiveWeight : 1));
  const total = sampleWeight.reduce((a, c) => a + c, 0);
  for (let it = 0; it < iterations; it++) {
    const gw = new Array<number>(d).fill(0);
    let gb = 0;
    for (let i = 0; i < n; i++) {
      const xi = x[i]!;
      let z = b;
      for (let j = 0; j < d; j++) z += w[j]! * xi[j]!;
      const err = (sigmoid(z) - labels[i]!) * sampleWeight[i]!;
      for (let j = 0; j < d; j++) gw[j]! += err * xi[j]!;
      gb += err;
    }
    for (let j = 0; j < d; j++) w[j]! -= 0.5 * (gw[j]! / total + l2 * w[j]!);
    b -= 0.5 * (gb / total);
  }
  const round = (v: number) => Math.round(v * 1e6) / 1e6;
  return { features, mean: mean.map(round), std: std.map(round), weights: w.map(round), bias: round(b) };
}

/**
 * Softmax over a group of rows (a sentence's candidate spans) under a model fitted by
 * fitConditionalLogit: P(row i is the group's answer), summing to 1 over the group. The same
 * linear term as `predict`; the bias cancels.
 */
export function softmaxScores(model: LogisticModel, rows: readonly FeatureRow[]): number[] {
  const z = rows.map((r) => logit(model, r));
  const top = Math.max(...z);
  const e = z.map((v) => Math.exp(v - top));
  const sum = e.reduce((a, c) => a + c, 0);
  return e.map((v) => v / sum);
}

/**
 * Fits a conditional logit (McFadden 1974; the multinomial choice model): in each group exactly
 * one choice is right, spread over the rows labelled 1, and the model learns to put the softmax
 * mass of the group on them. Used for spans, where what matters is which span of a sentence
 * answers, not how many spans a sentence has. Same standardisation, L2 and gradient descent as
 * fitLogistic; the stored bias is 0.
 * @param groups rows of one group with their 0/1 labels; groups without a positive are skipped
 */
export function fitConditionalLogit(
  features: string[],
  groups: { rows: FeatureRow[]; labels: number[] }[],
  { l2 = 1e-3, iterations = 600, step = 0.5 } = {},
): LogisticModel {
  const used = groups.filter((g) => g.labels.some((y) => y > 0));
  const all = used.flatMap((g) => g.rows);
  const n = all.length;
  const d = features.length;
  const mean = features.map((f) => all.reduce((s, r) => s + (r[f] ?? 0), 0) / n);
  const std = features.map((f, j) => {
    const v = all.reduce((s, r) => s + ((r[f] ?? 0) - mean[j]!) ** 2, 0) / n;
    return Math.sqrt(v) || 1;
  });
  const xs = used.map((g) => g.rows.map((r) => features.map((f, j) => ((r[f] ?? 0) - mean[j]!) / std[j]!)));
  const targets = used.map((g) => {
    const positives = g.labels.filter((y) => y > 0).length;
    return g.labels.map((y) => (y > 0 ? 1 / positives : 0));
  });
  const w = new Array<number>(d).fill(0);
  for (let it = 0; it < iterations; it++) {
    const gw = new Array<number>(d).fill(0);
    xs.forEach((x, gi) => {
      const z = x.map((xi) => xi.reduce((s, v, j) => s + v * w[j]!, 0));
      const top = Math.max(...z);
      const e = z.map((v) => Math.exp(v - top));
      const sum = e.reduce((a, c) => a + c, 0);
      x.forEach((xi, i) => {
        const err = e[i]! / sum - targets[gi]![i]!;
        for (let j = 0; j < d; j++) gw[j]! += err * xi[j]!;
      });
    });
    for (let j = 0; j < d; j++) w[j]! -= step * (gw[j]! / used.length + l2 * w[j]!);
  }
  const round = (v: number) => Math.round(v * 1e6) / 1e6;
  return { features, mean: mean.map(round), std: std.map(round), weights: w.map(round), bias: 0 };
}
