/**
 * Answerability from the reader: P(the sources answer the question) as a logistic function of the
 * best span's margin over "no answer" (logits; reader.ts), calibrated on questions the reader was
 * not trained on — the SQuAD 2.0 FIT articles asked end to end, over retrieved chunks — by
 * scripts/reader/calibrate.ts, which writes calibration.json. A company's `answerThreshold` is a
 * point on this probability; docs/chat.md "The reader's threshold curve" gives the measured curve.
 * (Platt scaling: Platt, "Probabilistic Outputs for Support Vector Machines", 1999.)
 */
import calibration from './calibration.json' with { type: 'json' };

/** A fitted calibration: P = 1 / (1 + exp(-(bias + weight · margin))). */
export interface ReaderCalibration {
  bias: number;
  weight: number;
  /** The threshold chosen on the calibration set (docs/chat.md): DEFAULT_ANSWER_THRESHOLD. */
  threshold: number;
  /** Where and how it was fitted, for the record. */
  fittedOn: string;
}

export const READER_CALIBRATION: ReaderCalibration = calibration;

/** Least answerability for an answer when the company sets no `answerThreshold`. */
export const DEFAULT_ANSWER_THRESHOLD = READER_CALIBRATION.threshold;

/** P(answerable) of a best-span margin (logits); 0 when the reader found no span at all. */
export function answerability(margin: number | null, model: ReaderCalibration = READER_CALIBRATION): number {
  if (margin === null) return 0;
  return 1 / (1 + Math.exp(-(model.bias + model.weight * margin)));
}
