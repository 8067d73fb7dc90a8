/**
 * The other forms of a question's names (src/chat/answering/name-forms.ts): an acronym a
 * document writes out, a dotted name whose parts a chunk holds apart.
 */
import t from 'tap';
import { holdsOtherForm, holdsParts, spellsOut } from '../../src/chat/answering/name-forms.ts';

t.test('an acronym is held by the words whose initials spell it', async (t) => {
  t.ok(spellsOut('Command line interface. Basic example: curl …', 'CLI'));
  t.ok(spellsOut('funded in part by the National Science Foundation', 'NSF'));
  t.ok(spellsOut('the Department of Justice said', 'DJ'), 'a connector between the words');
  t.notOk(spellsOut('a client library for Python', 'CLI'), 'two words spell two letters');
  t.notOk(spellsOut('command line interface', 'cli'), 'a lower-case word is no acronym');
  t.notOk(spellsOut('Command line interface', 'Python'), 'a name is no acronym');
  t.notOk(spellsOut('an interface for the command line', 'CLI'), 'the initials in another order');
});

t.test('a dotted name is held by its parts', async (t) => {
  const chunk = 'The pdfplumber.PDF class\n.metadata | A dictionary of metadata key/value pairs';
  t.ok(holdsParts(chunk, 'PDF.metadata'));
  t.notOk(holdsParts(chunk, 'PDF.pages'), 'a part the chunk lacks');
  t.notOk(holdsParts(chunk, 'metadata'), 'no dot: no parts');
  t.ok(holdsOtherForm(chunk, 'PDF.metadata'));
  t.notOk(holdsOtherForm(chunk, 'Page.metadata'));
});
