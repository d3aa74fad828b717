import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { EventTableModel } from '../../../src/shared/eventTable';
import type { EventRowDto } from '../../../src/shared/reportDto';
import { TextIndex } from '../../../src/shared/textIndex';

/** What the table did before the index: lower-case each row and test it, on every keystroke. */
function plainScan(texts: readonly string[], needles: readonly string[]): number[] {
  const lowered = needles.map((needle) => needle.toLowerCase());
  return texts.flatMap((text, index) =>
    lowered.every((needle) => text.toLowerCase().includes(needle)) ? [index] : [],
  );
}

function indexOf(texts: string[]): TextIndex {
  const index = new TextIndex((row) => texts[row]!);
  index.extend(texts.length);
  return index;
}

/** 3,000 rows of mixed case, digits, non-ASCII and markup that must stay plain text. */
const texts = Array.from(
  { length: 3000 },
  (_, row) =>
    `File[/srv/App/file-${row % 997}]\nContent CHANGED ${row}\n${row % 7 === 0 ? 'Ärger <b>bold</b>' : 'ok'}`,
);

describe('TextIndex', () => {
  test('finds what the plain scan finds, case-insensitively, while typing and deleting', () => {
    const index = indexOf(texts);
    // typing (each refines the last), deleting, another word, and a new word that does not
    const queries = [
      ['f'],
      ['fi'],
      ['FILE-1'],
      ['file-12'],
      ['file-123'],
      ['file-12'],
      ['file-1'],
      ['file-1', 'changed'],
      ['file-1', 'changed 1'],
      ['ärger'],
      ['ÄRGER', '<B>'],
      ['content'],
      ['nothing-like-this'],
      ['srv'],
    ];
    for (const needles of queries) {
      assert.deepEqual([...index.search(needles)], plainScan(texts, needles), needles.join(' '));
    }
    assert.ok(index.search(['file-12']).length > 0);
  });

  test('rows indexed after a search are searched by the next one, even when it refines', () => {
    const growing = texts.slice(0, 1000);
    const index = new TextIndex((row) => growing[row]!);
    index.extend(growing.length);
    assert.deepEqual([...index.search(['file-99'])], plainScan(growing, ['file-99']));
    growing.push(...texts.slice(1000));
    index.extend(growing.length);
    assert.deepEqual([...index.search(['file-996'])], plainScan(growing, ['file-996']));
  });

  test('clear forgets the rows and the last result: new rows are indexed afresh', () => {
    let current = texts;
    const index = new TextIndex((row) => current[row]!);
    index.extend(current.length);
    assert.equal(index.search(['file-5']).length, plainScan(current, ['file-5']).length);
    current = texts.slice().reverse();
    index.clear();
    assert.equal(index.size, 0);
    index.extend(current.length);
    // refines the last search, but over other rows: the old result must not be reused
    assert.deepEqual([...index.search(['file-55'])], plainScan(current, ['file-55']));
    assert.deepEqual([...index.search(['file-555'])], plainScan(current, ['file-555']));
  });

  test('extend indexes in slices and says when every row is indexed', () => {
    const index = new TextIndex((row) => texts[row]!);
    assert.equal(index.extend(texts.length, 1000), false);
    assert.equal(index.size, 1000);
    assert.equal(index.extend(texts.length, 5000), true);
    assert.equal(index.size, texts.length);
  });
});

describe('EventTableModel text index', () => {
  const event = (resourceTitle: string, message: string): EventRowDto => ({
    certname: 'web01.example.com',
    status: 'success',
    timestamp: '2024-05-01T10:00:00.000Z',
    resourceType: 'File',
    resourceTitle,
    property: 'content',
    oldValue: null,
    newValue: null,
    message,
    containingClass: 'Main',
    file: null,
    line: null,
    reportHash: 'abc',
  });

  test('replacing the rows rebuilds the index: a refined filter finds only the new rows', () => {
    const model = new EventTableModel(
      Array.from({ length: 50 }, (_, row) => event(`/etc/old-${row}`, `Changed ${row}`)),
    );
    assert.equal(model.view({ text: 'old-1' }).matched, 11);
    model.replace(
      Array.from({ length: 20 }, (_, row) => event(`/etc/new-${row}`, `Changed ${row}`)),
    );
    assert.equal(model.view({ text: 'old-1' }).matched, 0);
    assert.equal(model.view({ text: 'NEW-1' }).matched, 11);
    assert.equal(
      model.view({ text: 'new-1', columnFilters: { message: 'changed 1' } }).matched,
      11,
    );
  });

  test('prepareFor builds the indexes a query needs in slices, then views need none', () => {
    const model = new EventTableModel(
      Array.from({ length: 10_000 }, (_, row) => event(`/etc/file-${row}`, `Changed ${row}`)),
    );
    const query = { text: 'file-9', columnFilters: { message: 'changed 99' } };
    let slices = 1;
    while (!model.prepareFor(query, 4000)) slices++;
    // 10,000 rows for the text filter and 10,000 for the message column, 4,000 per slice
    assert.equal(slices, 5);
    assert.equal(model.prepareFor(query, 0), true);
    // events 99, 990-999 and 9900-9999: their message holds "changed 99", their title "file-9"
    assert.equal(model.view(query).matched, 1 + 10 + 100);
  });
});
