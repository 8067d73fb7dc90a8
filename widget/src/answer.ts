/**
 * Builds a streamed answer into `target` as text nodes, turning each complete `[n]` marker into a
 * citation chip made by `chip(n)`. Nothing is ever parsed as HTML: markup in an answer stays text.
 * A marker split across tokens (`[1` then `2]`) is held back until it is complete.
 */
export function answerWriter(target: HTMLElement, chip: (n: number) => HTMLElement) {
  let pending = '';
  const text = (s: string) => s && target.appendChild(document.createTextNode(s));
  const drain = (final: boolean) => {
    const marker = /\[(\d{1,4})\]/g;
    let last = 0;
    let m: RegExpExecArray | null;
    while ((m = marker.exec(pending))) {
      text(pending.slice(last, m.index));
      target.appendChild(chip(Number(m[1])));
      last = marker.lastIndex;
    }
    let rest = pending.slice(last);
    const partial = final ? -1 : rest.search(/\[\d{0,4}$/);
    if (partial >= 0) {
      text(rest.slice(0, partial));
      rest = rest.slice(partial);
    } else {
      text(rest);
      rest = '';
    }
    pending = rest;
  };
  return {
    push(fragment: string) {
      pending += fragment;
      drain(false);
    },
    end() {
      drain(true);
    },
  };
}
