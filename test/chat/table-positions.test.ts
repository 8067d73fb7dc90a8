import t from 'tap';
import { cellAtPosition, positionOf } from '../../src/chat/answering/table-positions.ts';

const source = (text: string, documentName: string) => ({ text, documentName, headingPath: [], score: 1 });
const grid = source('Above\nTop left | Top right\nBottom left | Bottom right\nBelow', 'mammoth-grid.docx');
const forms = source(
  'Simple uniform table\nHeader Col 1 | Header Col 2\nLorem ipsum | A link example\nNested Table\na | b | c\nd | e',
  'docx-tables.docx',
);

t.test('a place in a table, read from the question', async (t) => {
  t.same(positionOf('What does the lower-right cell of the table say?'), { row: -1, column: -1 });
  t.same(positionOf('What is in the top left cell of the table?'), { row: 0, column: 0 });
  t.same(positionOf("In the table, what is under the second column's header?"), { row: 1, column: 1 });
  t.same(positionOf('What is the first data cell in the left column of the table?'), { row: 1, column: 0 });
  t.same(positionOf("What is the first column's header in the table?"), { row: 0, column: 0 });
  t.same(positionOf('What is in the third column of the table?'), { row: null, column: 2 });
  t.same(positionOf('What is in the third row, second column of the table?'), { row: 2, column: 1 });
  t.equal(positionOf('How many permit checks did Indiana have?'), null, 'no table, no place');
  t.equal(positionOf('Which row of the table is about Ohio?'), null, 'no column named');
});

t.test('the cell at that place, in the table the question means', async (t) => {
  t.same(
    cellAtPosition('What does the lower-right cell of the table in the Word file say?', [forms, grid]),
    {
      text: 'A link example',
      citation: 1,
    },
    'both are Word files: the first table of the best-ranked one',
  );
  t.same(
    cellAtPosition('What does the lower-right cell of the Mammoth grid table say?', [forms, grid]),
    {
      text: 'Bottom right',
      citation: 2,
    },
    'a document named by its file name wins',
  );
  t.same(
    cellAtPosition("In the simple uniform table, what is under the second column's header?", [grid, forms]),
    { text: 'A link example', citation: 2 },
    'the caption names the table',
  );
  t.same(
    cellAtPosition('What is in the third column of the simple uniform table?', [forms]),
    { text: null, citation: 1 },
    'a column the table does not have: nothing to answer with',
  );
  t.equal(cellAtPosition('What is in the second column of the simple uniform table?', [forms]), null);
  t.equal(
    cellAtPosition('What is in the top left cell of the table?', [source('No table here.', 'a.md')]),
    null,
  );
});
