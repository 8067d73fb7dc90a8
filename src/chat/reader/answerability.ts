/**
 * The extractive answerer's answerability gate: P(the retrieved sources answer the question) from
 * the two signals the answerer has — the sentence rules' calibrated answerability (answering/
 * assess.ts, 0..1) and the trained reader's best-span margin over "no answer" (logits; reader.ts) —
 * combined by a logistic regression fitted on questions neither was trained on (SQuAD 2.0 FIT
 * articles and the fixtures' dev set, asked end to end) by scripts/reader/calibrate.ts, which
 * writes calibration.json and prints the threshold curve (docs/chat.md "The reader and the rules").
 * A company's `answerThreshold` is a point on this probability.
 * (Platt scaling generalised to two scores: Platt, "Probabilistic Outputs for Support Vector
 * Machines", 1999.)
 */
import calibration from './calibration.json' with { type: 'json' };

/** What the gate reads for one question. */
export interface GateFeatures {
  /** The rules' calibrated answerability, 0..1. */
  rules: number;
  /** The reader's best margin (logits), or null when it read no word (no sources, markup only). */
  margin: number | null;
}

/** A fitted gate: P = 1 / (1 + exp(-(bias + rules · logit(p_rules) + margin · margin))). */
export interface AnswerabilityGate {
  bias: number;
  rules: number;
  margin: number;
  /** The default threshold chosen on the calibration questions: DEFAULT_GATE_THRESHOLD. */
  threshold: number;
  /** Where and how it was fitted, for the record. */
  fittedOn: string;
}

export const ANSWERABILITY_GATE: AnswerabilityGate = calibration;

/** Least gate probability for an answer when the company sets no `answerThreshold`. */
export const DEFAULT_GATE_THRESHOLD = ANSWERABILITY_GATE.threshold;

/** The margin of a question the reader could not read at all: far below any span's. */
const NO_SPAN_MARGIN = -20;
/** The rules' probability is clamped away from 0 and 1 before its logit. */
const EPSILON = 1e-4;

/** The gate's inputs: [logit of the rules' probability, the reader's margin]. */
export function gateInputs(features: GateFeatures): [number, number] {
  const p = Math.min(1 - EPSILON, Math.max(EPSILON, features.rules));
  return [Math.log(p / (1 - p)), features.margin ?? NO_SPAN_MARGIN];
}

/** P(answerable) for one question under `gate` (default: the shipped calibration). */
export function gateProbability(
  gate: Pick<AnswerabilityGate, 'bias' | 'rules' | 'margin'>,
  features: GateFeatures,
): number {
  const [rules, margin] = gateInputs(features);
  return 1 / (1 + Math.exp(-(gate.bias + gate.rules * rules + gate.margin * margin)));
}

/**
 * The answerer's answerability and the threshold it is held to, with or without a reader: with
 * one, the gate over the rules' probability and the reader's margin (default DEFAULT_GATE_THRESHOLD);
 * without (READER_MODEL=off), the rules' probability (default `rulesDefault`, the rules' own
 * DEFAULT_ANSWER_THRESHOLD). One decision for the extractive answerer and the guard of every
 * generating provider.
 * @param companyThreshold the company's `answerThreshold`, or undefined for the default
 */
export function answerabilityOf(
  rules: number,
  reading: { best: { span: { margin: number } } | null } | null,
  withReader: boolean,
  companyThreshold: number | undefined,
  rulesDefault: number,
): { answerable: number; threshold: number } {
  if (!withReader) return { answerable: rules, threshold: companyThreshold ?? rulesDefault };
  return {
    answerable: gateProbability(ANSWERABILITY_GATE, { rules, margin: reading?.best?.span.margin ?? null }),
    threshold: companyThreshold ?? DEFAULT_GATE_THRESHOLD,
  };
}
