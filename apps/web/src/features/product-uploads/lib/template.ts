import { uploadTemplateCsv } from '@ms/contracts';

/**
 * Saves the CSV template (the same text GET .../uploadproducts/template serves) without a round
 * trip: it is made from the column list in contracts.
 */
export const downloadTemplate = () => {
  const blob = new Blob(['\uFEFF', uploadTemplateCsv()], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = 'products-template.csv';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
};
