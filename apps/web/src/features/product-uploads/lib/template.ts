import { uploadTemplateCsv } from '@ms/contracts';
import { saveFile } from '@/lib/api-client';

/**
 * Saves the CSV template (the same text GET .../uploadproducts/template serves) without a round
 * trip: it is made from the column list in contracts.
 */
export const downloadTemplate = () =>
  saveFile(
    new Blob(['\uFEFF', uploadTemplateCsv()], { type: 'text/csv;charset=utf-8' }),
    'products-template.csv',
  );
