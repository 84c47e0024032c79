import { uploadTemplateCsv, variantTemplateCsv } from '@ms/contracts';
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

/** The template with products with variants (GET .../uploadproducts/template/variants). */
export const downloadVariantTemplate = () =>
  saveFile(
    new Blob(['\uFEFF', variantTemplateCsv()], { type: 'text/csv;charset=utf-8' }),
    'products-with-variants-template.csv',
  );
