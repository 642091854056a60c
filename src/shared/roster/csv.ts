/**
 * CSV as spreadsheets write it (RFC 4180 and what Excel, LibreOffice and
 * Google Sheets add to it): a byte-order mark, CRLF or LF line ends, quoted
 * cells holding commas, quotes ("") and line breaks, and blank lines, which
 * hold no record. A row whose cells are all blank (`,,,,,`, or spaces) is
 * how a spreadsheet writes an empty row inside its data: it holds no record
 * either. Each record keeps the line it starts on, for messages.
 *
 * Writing guards against CSV injection (OWASP): a cell a spreadsheet would
 * run as a formula (it starts with =, +, -, @, a tab or a carriage return)
 * is written with a leading apostrophe, which spreadsheets read as "text",
 * and reading takes that apostrophe off again. A cell that already reads as
 * guarded (apostrophes, then one of those characters) gets one apostrophe
 * more, so what is read back is always what was written.
 */

export interface CsvRecord {
  /** The line of the file the record starts on, from 1. */
  line: number;
  cells: string[];
}

export type CsvParse = { ok: true; records: CsvRecord[] } | { ok: false; unclosedQuoteLine: number };

const BOM = '\uFEFF';

export function parseCsv(text: string): CsvParse {
  const source = text.startsWith(BOM) ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  let quoteLine = 0;
  const endRecord = () => {
    cells.push(cell);
    if (cells.some((value) => value.trim() !== '')) records.push({ line: recordLine, cells });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i];
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') {
        quoted = false;
      } else {
        if (char === '\n') line += 1;
        cell += char;
      }
    } else if (char === '"' && cell === '') {
      quoted = true;
      quoteLine = line;
    } else if (char === ',') {
      cells.push(cell);
      cell = '';
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && source[i + 1] === '\n') i += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else {
      cell += char;
    }
  }
  if (quoted) return { ok: false, unclosedQuoteLine: quoteLine };
  endRecord();
  return { ok: true, records };
}

/** A cell a spreadsheet would run as a formula. */
export const isFormulaCell = (cell: string): boolean => /^[=+\-@\t\r]/.test(cell);

/** A cell as csvCell guards it: one or more apostrophes, then a character a formula starts with. */
const isGuardedCell = (cell: string): boolean => /^'+[=+\-@\t\r]/.test(cell);

/** What a guarded cell stood for: the apostrophe written before it is taken off again. */
export const unguardedCell = (cell: string): string => (isGuardedCell(cell) ? cell.slice(1) : cell);

/**
 * One cell as written: a formula-like cell, or one that would read as guarded, behind one more apostrophe;
 * quoted when it holds a comma, a quote or a line break.
 */
export function csvCell(value: string): string {
  const safe = isFormulaCell(value) || isGuardedCell(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A whole file as "CSV UTF-8" is saved by spreadsheets: a byte-order mark, CRLF line ends. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return `${BOM}${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
