"""Reading with a trained reader in Python (torch or ONNX Runtime), as src/chat/reader/ does in
Node: windows with a doc stride, the best span over all windows (start + end logits, span length
<= 30 tokens, end >= start), and the null score = the lowest [CLS] score over the windows
(Hugging Face run_qa.py postprocess_qa_predictions). margin = best span - null."""
import numpy as np

MAX_ANSWER_TOKENS = 30
TOP = 20


def windows(tokenizer, question: str, context: str, max_len=256, stride=64):
    return tokenizer(question.lstrip(), context, truncation='only_second', max_length=max_len, stride=stride,
                     return_overflowing_tokens=True, return_offsets_mapping=True, padding='longest',
                     return_tensors='np')


def best_span(enc, starts: np.ndarray, ends: np.ndarray, context: str):
    """-> (text, margin, null_score, span_score)."""
    best_text, best_score, null = '', -1e9, 1e9
    for w in range(starts.shape[0]):
        seq = enc.sequence_ids(w)
        offsets = enc['offset_mapping'][w]
        null = min(null, float(starts[w, 0] + ends[w, 0]))
        ctx = [k for k, s in enumerate(seq) if s == 1]
        lo, hi = ctx[0], ctx[-1]
        s_top = np.argsort(starts[w, lo:hi + 1])[::-1][:TOP] + lo
        e_top = np.argsort(ends[w, lo:hi + 1])[::-1][:TOP] + lo
        for i in s_top:
            for j in e_top:
                if j < i or j - i + 1 > MAX_ANSWER_TOKENS:
                    continue
                score = float(starts[w, i] + ends[w, j])
                if score > best_score:
                    best_score = score
                    best_text = context[offsets[i][0]:offsets[j][1]]
    return best_text, best_score - null, null, best_score


class OnnxReader:
    def __init__(self, path: str, tokenizer, threads: int = 1):
        import onnxruntime as ort
        options = ort.SessionOptions()
        options.intra_op_num_threads = threads
        self.session = ort.InferenceSession(path, options, providers=['CPUExecutionProvider'])
        self.tokenizer = tokenizer

    def read(self, question: str, context: str):
        enc = windows(self.tokenizer, question, context)
        feed = dict(input_ids=enc['input_ids'].astype(np.int64), attention_mask=enc['attention_mask'].astype(np.int64),
                    token_type_ids=enc['token_type_ids'].astype(np.int64))
        starts, ends = self.session.run(['start_logits', 'end_logits'], feed)
        return best_span(enc, starts, ends, context)


class TorchReader:
    def __init__(self, folder: str, tokenizer):
        import torch
        from transformers import AutoModelForQuestionAnswering
        self.torch = torch
        self.model = AutoModelForQuestionAnswering.from_pretrained(folder).eval()
        self.tokenizer = tokenizer

    def read(self, question: str, context: str):
        enc = windows(self.tokenizer, question, context)
        with self.torch.no_grad():
            out = self.model(input_ids=self.torch.tensor(enc['input_ids']),
                             attention_mask=self.torch.tensor(enc['attention_mask']),
                             token_type_ids=self.torch.tensor(enc['token_type_ids']))
        return best_span(enc, out.start_logits.numpy(), out.end_logits.numpy(), context)
