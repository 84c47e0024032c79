import Papa from 'papaparse';
import { readSheet } from 'read-excel-file/node';
import {
  MAX_UPLOAD_ROWS,
  REQUIRED_UPLOAD_COLUMNS,
  TEXT,
  ALL_UPLOAD_COLUMN_KEYS,
  normaliseHeader,
} from '@ms/contracts';
import { badRequest } from '../../lib/errors.js';

/** A product row of a file: its spreadsheet row number (header = row 1) and its known cells as text. */
export type FileRow = { rowNumber: number; data: Record<string, string> };

const startsWith = (bytes: Buffer, magic: readonly number[]) => magic.every((b, i) => bytes[i] === b);
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0];
const BINARY = [
  [0x89, 0x50, 0x4e, 0x47], // png
  [0xff, 0xd8, 0xff], // jpeg
  [0x25, 0x50, 0x44, 0x46], // pdf
  [0x47, 0x49, 0x46, 0x38], // gif
];

const invalidType = () =>
  badRequest(`${TEXT.invalidType}: upload a CSV file (.csv) or an Excel workbook (.xlsx).`);

const extensionOf = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';

/** UTF-8 (with or without BOM); a file saved by older Excel in Windows-1252 is read as that. */
const decodeText = (bytes: Buffer): string => {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
};

const cellText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  // U+0000 cannot be stored (jsonb, text); a workbook cell holding one keeps the rest of its text.
  return String(value).replaceAll('\u0000', '').trim();
};

const readCsv = (bytes: Buffer): string[][] => {
  const text = decodeText(bytes);
  if (text.includes('\u0000')) throw invalidType();
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false });
  return parsed.data;
};

const readXlsx = async (bytes: Buffer): Promise<string[][]> => {
  try {
    // Numbers stay as the text the workbook holds (no float noise in prices or long barcodes).
    const sheet = await readSheet<string>(bytes, { parseNumber: (s) => s });
    return sheet.map((row) => row.map(cellText));
  } catch {
    throw badRequest(
      'This Excel file could not be read. Open it in Excel and save it again as .xlsx or CSV, then upload it.',
    );
  }
};

/**
 * Reads a product file: the first non-empty row is the header (matched case-insensitively,
 * see normaliseHeader), each later non-empty row a product. Unknown columns are ignored. Refuses
 * with a message naming the problem: wrong type, empty, missing required columns, too many rows.
 */
export const readProductFile = async (file: { bytes: Buffer; fileName: string }): Promise<FileRow[]> => {
  const { bytes, fileName } = file;
  const ext = extensionOf(fileName);
  if (bytes.length === 0 || bytes.toString('utf8').trim() === '')
    throw badRequest('The file is empty: put the column names in the first row and one product per row.');
  if (startsWith(bytes, OLE) || ext === 'xls')
    throw badRequest(
      'Old Excel files (.xls) are not supported: save the file as .xlsx or CSV and upload it.',
    );
  if (BINARY.some((m) => startsWith(bytes, m))) throw invalidType();
  const isZip = startsWith(bytes, ZIP);
  if (isZip && ext !== 'xlsx' && ext !== '') throw invalidType();
  if (!isZip && !['csv', 'txt', ''].includes(ext)) throw invalidType();

  const table = isZip ? await readXlsx(bytes) : readCsv(bytes);
  const isBlank = (row: readonly unknown[]) => row.every((c) => cellText(c) === '');
  const headerIndex = table.findIndex((row) => !isBlank(row));
  if (headerIndex < 0)
    throw badRequest('The file is empty: put the column names in the first row and one product per row.');

  const header = (table[headerIndex] ?? []).map((h) => normaliseHeader(cellText(h)));
  const known = new Set(ALL_UPLOAD_COLUMN_KEYS);
  const columns = new Map<string, number>();
  header.forEach((key, index) => {
    if (known.has(key) && !columns.has(key)) columns.set(key, index);
  });
  const missing = REQUIRED_UPLOAD_COLUMNS.filter((key) => !columns.has(key));
  if (missing.length) {
    const list = missing.join(' and ');
    throw badRequest(
      `The file has no ${list} column${missing.length > 1 ? 's' : ''}. The first row must hold the column names; ` +
        `required: ${REQUIRED_UPLOAD_COLUMNS.join(', ')}. Download the template to see every column.`,
    );
  }

  const rows: FileRow[] = [];
  for (let i = headerIndex + 1; i < table.length; i++) {
    const cells = table[i] ?? [];
    if (isBlank(cells)) continue;
    const data: Record<string, string> = {};
    for (const [key, index] of columns) {
      const value = cellText(cells[index]);
      if (value) data[key] = value;
    }
    // A row with only unknown columns filled is still a row: it fails with "name is required".
    rows.push({ rowNumber: i + 1, data });
    if (rows.length > MAX_UPLOAD_ROWS)
      throw badRequest(
        `The file has more than ${MAX_UPLOAD_ROWS.toLocaleString('en-NG')} products: split it into smaller files.`,
      );
  }
  if (rows.length === 0)
    throw badRequest('The file has no products: add one product per row under the column names.');
  return rows;
};
