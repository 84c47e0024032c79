/** Label stock a Nigerian shop commonly buys: thermal rolls, and A4 sheets of 24. Sizes in mm. */
export type LabelSize = {
  id: string;
  name: string;
  width: number;
  height: number;
  /** Labels laid out on an A4 page; absent for a thermal roll (one label per printed page). */
  sheet?: { cols: number; rows: number; pageWidth: number; pageHeight: number; top: number; left: number };
};

export const LABEL_SIZES: readonly LabelSize[] = [
  { id: '40x30', name: '40 × 30 mm thermal label', width: 40, height: 30 },
  { id: '50x25', name: '50 × 25 mm thermal label', width: 50, height: 25 },
  { id: '38x25', name: '38 × 25 mm thermal label', width: 38, height: 25 },
  {
    id: 'a4-24',
    name: 'A4 sheet, 24 labels (3 × 8, 70 × 37 mm)',
    width: 70,
    height: 37,
    sheet: { cols: 3, rows: 8, pageWidth: 210, pageHeight: 297, top: 0.5, left: 0 },
  },
];

export const sizeById = (id: string): LabelSize => LABEL_SIZES.find((s) => s.id === id) ?? LABEL_SIZES[0]!;

export const perPage = (size: LabelSize) => (size.sheet ? size.sheet.cols * size.sheet.rows : 1);

/**
 * The print stylesheet: the page is the label (thermal) or an A4 sheet, without margins, and only
 * the print root is printed.
 */
export const printCss = (size: LabelSize): string => {
  const page = size.sheet
    ? `@page { size: A4 portrait; margin: 0; }`
    : `@page { size: ${size.width}mm ${size.height}mm; margin: 0; }`;
  return `
@media screen { .ms-print-root { display: none; } }
@media print {
  ${page}
  html, body { margin: 0 !important; padding: 0 !important; background: #fff !important; }
  body > *:not(.ms-print-root) { display: none !important; }
  .ms-print-root { display: block; }
  .ms-print-root * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}`;
};
