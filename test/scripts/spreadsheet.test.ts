import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { readSheet } from '../../scripts/build-data/spreadsheet.js';

function workbookFile(bookType: 'xlsx' | 'xls'): string {
  const workbook = XLSX.utils.book_new();
  const titled = XLSX.utils.aoa_to_sheet([
    ['Title line above the header'],
    ['Food code', 'Ingredient weight (g)', 'Note'],
    [11000000, 100, null],
    [11100000, 40.5, 'x'],
  ]);
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet([['a'], [1]]), 'First');
  XLSX.utils.book_append_sheet(workbook, titled, 'Data');
  const file = join(mkdtempSync(join(tmpdir(), 'carbon-sheet-')), `book.${bookType}`);
  writeFileSync(
    file,
    XLSX.write(workbook, { type: 'buffer', bookType: bookType === 'xls' ? 'biff8' : 'xlsx' }),
  );
  return file;
}

describe('readSheet', () => {
  for (const bookType of ['xlsx', 'xls'] as const) {
    it(`reads a named ${bookType} sheet below a title row, empty cells as null`, () => {
      expect(readSheet(workbookFile(bookType), { sheet: 'Data', headerRow: 1 })).toEqual([
        { 'Food code': 11000000, 'Ingredient weight (g)': 100, Note: null },
        { 'Food code': 11100000, 'Ingredient weight (g)': 40.5, Note: 'x' },
      ]);
    });
  }

  it('reads the first sheet by default and names a missing sheet', () => {
    const file = workbookFile('xlsx');
    expect(readSheet(file)).toEqual([{ a: 1 }]);
    expect(() => readSheet(file, { sheet: 'Nope' })).toThrow(/no sheet Nope/);
  });
});
