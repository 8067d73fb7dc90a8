import { isAbsolute, join, resolve } from 'node:path';
import { findLlm } from '../../models/llm-catalog.ts';

/**
 * The GGUF file LLAMACPP_MODEL names: a catalogue model's file under MODELS_DIR, or a path to a
 * `.gguf` file (absolute, or relative to the working directory).
 */
export function llamaCppModelPath(modelsDir: string, model: string): string {
  const entry = findLlm(model);
  if (entry) return join(modelsDir, entry.id, entry.gguf);
  return isAbsolute(model) ? model : resolve(model);
}
