/**
 * The reader's training data step (scripts/reader/prepare.py, issue 35) on a tiny slice: windows
 * labelled with the answer's tokens, negatives, real unanswerables and adversarial edits
 * (adversarial.py), a held-back validation slice, and the data files pinned by sha256. CI does not train; this is the part it can run.
 * Needs Python with transformers (the tokenizer only): `.venv-reader`, made here when missing.
 */
import t from 'tap';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const VENV = resolve('.venv-reader');
const PYTHON = join(VENV, 'bin', 'python');
const DATA = join(resolve(process.env.DATASETS_DIR ?? '../shared/datasets'), 'squad-train');

t.test('prepare turns SQuAD files into labelled windows with negatives and a validation slice', async (t) => {
  if (!existsSync(PYTHON)) {
    execFileSync('python3', ['-m', 'venv', VENV], { stdio: 'inherit' });
    execFileSync(PYTHON, ['-m', 'pip', 'install', '-q', 'transformers==4.57.1', 'tokenizers==0.22.2'], {
      stdio: 'inherit',
    });
  }
  const out = mkdtempSync(join(tmpdir(), 'reader-prepare-'));
  execFileSync(
    PYTHON,
    [
      'scripts/reader/prepare.py',
      '--out',
      out,
      '--data',
      DATA,
      '--max-questions',
      '300',
      '--adversarial-share',
      '0.5',
      '--unanswerable-repeat',
      '2',
      '--tokenizer',
      resolve(process.env.MODELS_DIR ?? './models', 'Xenova/all-MiniLM-L6-v2'),
    ],
    { stdio: ['ignore', 'ignore', 'inherit'], timeout: 600_000 },
  );
  const manifest = JSON.parse(readFileSync(join(out, 'prepare.json'), 'utf8'));
  t.equal(
    manifest.data['train-v1.1-rebuilt.json'],
    '9f6565c13aa1538302ee11528fc3a7b38b59dd9c38ec459f44a49fe3a6a2f4db',
  );
  t.equal(manifest.train_examples, 300);
  t.ok(manifest.train_windows >= 300, 'at least one window a question');
  t.ok(manifest.train_unanswerable > 30, `${manifest.train_unanswerable} negatives and real unanswerables`);
  const edits = Object.values(manifest.adversarial as Record<string, number>);
  t.ok(
    edits.filter((count) => count > 0).length >= 3,
    `edited unanswerable twins of several kinds: ${JSON.stringify(manifest.adversarial)}`,
  );
  t.ok(manifest.validation_unanswerable > 0, 'the validation slice holds real unanswerables');
  t.ok(manifest.labelled_windows > 100);
  t.ok(
    manifest.labels_matching_answer / manifest.labelled_windows >= 0.95,
    `${manifest.labels_matching_answer} of ${manifest.labelled_windows} labels decode to their answer`,
  );
  t.ok(existsSync(join(out, 'train.pkl')) && existsSync(join(out, 'validation.json')));
});
