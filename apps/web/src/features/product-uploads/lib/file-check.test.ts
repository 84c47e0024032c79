import { describe, expect, it } from 'vitest';
import { fileProblem } from './file-check';

describe('fileProblem', () => {
  it('accepts CSV and XLSX whatever the case of the extension', () => {
    expect(fileProblem({ name: 'Products.CSV', size: 10 })).toBeNull();
    expect(fileProblem({ name: 'stock.xlsx', size: 10 })).toBeNull();
  });

  it('explains what is wrong with other files', () => {
    expect(fileProblem({ name: 'photo.png', size: 10 })).toBe(
      'Invalid Type: choose a CSV (.csv) or Excel (.xlsx) file.',
    );
    expect(fileProblem({ name: 'old.xls', size: 10 })).toContain('.xls');
    expect(fileProblem({ name: 'empty.csv', size: 0 })).toBe('The file is empty.');
    expect(fileProblem({ name: 'huge.csv', size: 11 * 1024 * 1024 })).toContain('10MB');
  });
});
