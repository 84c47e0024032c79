import type { CSSProperties } from 'react';
import { formatMoney } from '@ms/contracts';
import { barcodeSvg } from '../lib/barcode-svg';
import type { LabelFields, LabelItem } from '../lib/items';
import type { LabelSize } from '../lib/label-sizes';

/** One label at its real size in mm: name, price, bars, digits and SKU as chosen. */
export const Label = ({ item, size, fields }: { item: LabelItem; size: LabelSize; fields: LabelFields }) => {
  const small = size.height <= 25;
  const pad = small ? 1 : 1.5;
  const box: CSSProperties = {
    width: `${size.width}mm`,
    height: `${size.height}mm`,
    padding: `${pad}mm ${pad}mm`,
    boxSizing: 'border-box',
    overflow: 'hidden',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'stretch',
    gap: '0.5mm',
    background: '#fff',
    color: '#000',
    fontFamily: 'Arial, Helvetica, sans-serif',
    lineHeight: 1.1,
  };
  return (
    <div style={box} data-testid="label">
      {fields.name && (
        <div
          style={{
            fontSize: small ? '6.5pt' : '7.5pt',
            fontWeight: 700,
            flexShrink: 0,
            overflow: 'hidden',
            display: '-webkit-box',
            WebkitLineClamp: small ? 1 : 2,
            WebkitBoxOrient: 'vertical',
            overflowWrap: 'anywhere',
          }}
        >
          {item.name}
        </div>
      )}
      {fields.price && (
        <div style={{ fontSize: small ? '8pt' : '10pt', fontWeight: 800, flexShrink: 0 }}>
          {formatMoney(item.price)}
        </div>
      )}
      {fields.barcode && (
        <>
          <div
            style={{ flex: '1 1 0', minHeight: '4mm', width: '100%' }}
            dangerouslySetInnerHTML={{ __html: barcodeSvg(item.code) }}
          />
          <div
            style={{
              fontSize: '6pt',
              fontFamily: 'ui-monospace, Menlo, Consolas, monospace',
              textAlign: 'center',
              letterSpacing: '0.4pt',
              flexShrink: 0,
            }}
          >
            {item.code.value}
          </div>
        </>
      )}
      {fields.sku && item.sku && (
        <div style={{ fontSize: '5.5pt', textAlign: fields.barcode ? 'center' : 'left', flexShrink: 0 }}>
          SKU {item.sku}
        </div>
      )}
    </div>
  );
};

const chunk = <T,>(list: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

/**
 * What the printer gets: one page per thermal label, or A4 pages of 3 × 8 labels. Used inside the
 * print root (printed) and for the on-screen preview of the first page(s).
 */
export const LabelPages = ({
  labels,
  size,
  fields,
  preview = false,
}: {
  labels: readonly LabelItem[];
  size: LabelSize;
  fields: LabelFields;
  preview?: boolean;
}) => {
  const sheet = size.sheet;
  if (!sheet) {
    return (
      <div
        style={preview ? { display: 'flex', flexWrap: 'wrap', gap: 12 } : undefined}
        data-testid="label-pages"
      >
        {labels.map((item, i) => (
          <div
            key={i}
            style={
              preview
                ? { boxShadow: '0 0 0 1px var(--mantine-color-gray-4)', borderRadius: 4, overflow: 'hidden' }
                : {
                    ...(i < labels.length - 1 ? { breakAfter: 'page', pageBreakAfter: 'always' } : {}),
                    width: `${size.width}mm`,
                    height: `${size.height}mm`,
                    overflow: 'hidden',
                  }
            }
          >
            <Label item={item} size={size} fields={fields} />
          </div>
        ))}
      </div>
    );
  }
  const pages = chunk(labels, sheet.cols * sheet.rows);
  return (
    <div data-testid="label-pages" style={preview ? { display: 'grid', gap: 16 } : undefined}>
      {pages.map((page, p) => (
        <div
          key={p}
          data-testid="label-page"
          style={{
            width: `${sheet.pageWidth}mm`,
            height: `${sheet.pageHeight}mm`,
            boxSizing: 'border-box',
            paddingTop: `${sheet.top}mm`,
            paddingLeft: `${sheet.left}mm`,
            display: 'grid',
            gridTemplateColumns: `repeat(${sheet.cols}, ${size.width}mm)`,
            gridAutoRows: `${size.height}mm`,
            alignContent: 'start',
            background: '#fff',
            ...(preview
              ? { boxShadow: '0 0 0 1px var(--mantine-color-gray-4)', transformOrigin: 'top left' }
              : {
                  ...(p < pages.length - 1 ? { breakAfter: 'page', pageBreakAfter: 'always' } : {}),
                  overflow: 'hidden',
                }),
          }}
        >
          {page.map((item, i) => (
            <div key={i} style={preview ? { outline: '1px dashed var(--mantine-color-gray-3)' } : undefined}>
              <Label item={item} size={size} fields={fields} />
            </div>
          ))}
        </div>
      ))}
    </div>
  );
};
