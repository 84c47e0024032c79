import { createPortal } from 'react-dom';
import type { LabelSize } from '../lib/label-sizes';
import { printCss } from '../lib/label-sizes';
import type { LabelFields, LabelItem } from '../lib/items';
import { LabelPages } from './label-sheet';

/**
 * The labels as the printer gets them, mounted straight under <body> and hidden on screen; the
 * print stylesheet hides everything else and sets the page to the label (or A4) size, so the
 * browser's Print prints exactly the labels.
 */
export const PrintRoot = ({
  labels,
  size,
  fields,
}: {
  labels: readonly LabelItem[];
  size: LabelSize;
  fields: LabelFields;
}) =>
  createPortal(
    <div className="ms-print-root" data-testid="print-root">
      <style>{printCss(size)}</style>
      <LabelPages labels={labels} size={size} fields={fields} />
    </div>,
    document.body,
  );
