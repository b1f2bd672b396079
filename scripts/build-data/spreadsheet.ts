import { readFileSync } from 'node:fs';
import XLSX from '@e965/xlsx';

/**
 * Rows of one sheet of a spreadsheet as records keyed by the header row's cells, empty cells as null.
 * Reads both legacy BIFF .xls (CIQUAL 2020) and .xlsx (USDA FNDDS). SheetJS Community Edition 0.20.3
 * (npm `@e965/xlsx`, a faithful republish of SheetJS's own releases, which left the npm registry after
 * 0.18.5) is the only maintained JavaScript reader of BIFF .xls; exceljs and read-excel-file read
 * .xlsx only.
 */
export function readSheet(
  path: string,
  options: { sheet?: string; headerRow?: number } = {},
): Record<string, unknown>[] {
  // Values only: no formatted text, HTML or formulas, in dense storage (about twice as fast on the
  // FNDDS workbooks, same values).
  const workbook = XLSX.read(readFileSync(path), {
    type: 'buffer',
    dense: true,
    cellText: false,
    cellHTML: false,
    cellFormula: false,
  });
  const sheetName = options.sheet ?? workbook.SheetNames[0];
  const sheet = sheetName === undefined ? undefined : workbook.Sheets[sheetName];
  if (sheet === undefined) throw new Error(`${path}: no sheet ${options.sheet ?? ''}`.trim());
  return XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet, {
    defval: null,
    range: options.headerRow ?? 0,
  });
}
