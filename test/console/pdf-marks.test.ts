import t from 'tap';
import { markBoxes, type TextItem } from '../../console/src/pdf-marks.ts';

/** Issue 40: the cited text marked on the PDF page, from pdf.js's text items. */
const line = (str: string, y: number): TextItem => ({
  str,
  transform: [10, 0, 0, 10, 72, y],
  width: str.length * 5,
});
const ITEMS = [
  line('Opening hours', 700),
  line('The desk opens at 8am on week-', 680),
  line('days. Orders ship in two days.', 660),
  line('Returns are free.', 640),
];
// A page 792 pt high drawn at scale 1: y flips (PDF's origin is bottom-left).
const VIEWPORT = [1, 0, 0, -1, 0, 792];

t.test('a sentence split over two lines marks both lines', async (t) => {
  const boxes = markBoxes(ITEMS, ['The desk opens at 8am on week-days.'], VIEWPORT, 1);
  t.equal(boxes.length, 2, 'punctuation and the hyphen at the line break are not words: both lines');
  const whole = markBoxes(ITEMS, ['the desk opens at 8am on week days orders ship'], VIEWPORT, 1);
  t.same(
    whole.map((b) => Math.round(b.y)),
    [102, 122],
    'both lines, top-left origin',
  );
  t.same(whole[0], { x: 72, y: 792 - 680 - 10, w: 150, h: 12 });
});

t.test('text not on the page, or no text layer, marks nothing', async (t) => {
  t.same(markBoxes(ITEMS, ['Nothing here matches at all today'], VIEWPORT, 1), []);
  t.same(markBoxes([], ['The desk opens at 8am'], VIEWPORT, 1), [], 'a scanned page');
  t.same(markBoxes(ITEMS, [''], VIEWPORT, 1), []);
});

t.test('a long passage is found in runs of five words', async (t) => {
  const boxes = markBoxes(
    ITEMS,
    ['Returns are free. Something the parser added around it here.'],
    VIEWPORT,
    2,
  );
  t.equal(boxes.length, 0, 'no run of five words is on the page');
  const found = markBoxes(ITEMS, ['Orders ship in two days. Returns are free and fast.'], VIEWPORT, 2);
  t.same(
    found.length,
    1,
    'the whole is not on the page: its first five words are, "returns are free and fast" is not',
  );
  t.equal(found[0]!.w, 300, 'widths scale with the viewport');
});
