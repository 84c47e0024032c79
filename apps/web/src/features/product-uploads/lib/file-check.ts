import { MAX_UPLOAD_BYTES, TEXT } from '@ms/contracts';

export const FILE_ACCEPT = [
  '.csv',
  '.xlsx',
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
] as const;

/** Why a chosen file cannot be uploaded, or null (the extension decides: Windows calls CSVs Excel files). */
export const fileProblem = (file: { name: string; size: number }): string | null => {
  const name = file.name.toLowerCase();
  if (name.endsWith('.xls'))
    return 'Old Excel files (.xls) are not supported: save the file as .xlsx or CSV and choose it again.';
  if (!name.endsWith('.csv') && !name.endsWith('.xlsx') && !name.endsWith('.txt'))
    return `${TEXT.invalidType}: choose a CSV (.csv) or Excel (.xlsx) file.`;
  if (file.size === 0) return 'The file is empty.';
  if (file.size > MAX_UPLOAD_BYTES)
    return `The file is larger than ${MAX_UPLOAD_BYTES / (1024 * 1024)}MB: split it into smaller files.`;
  return null;
};

export const fileSize = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${Math.round(bytes / 1024)} KB`
      : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
