import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderUi } from '@/components/ui/test-utils';
import { labelCode } from '../lib/barcode';
import { expandLabels, type LabelItem } from '../lib/items';
import { printCss, sizeById } from '../lib/label-sizes';
import { LabelPages } from './label-sheet';

const rice: LabelItem = {
  key: 'r',
  name: 'Rice 50kg',
  price: 45500,
  sku: 'RICE-50',
  code: labelCode({ id: 'r', barcode: '6151100030153', sku: 'RICE-50' }),
  quantity: 20,
};
const milk: LabelItem = {
  key: 'm',
  name: 'Peak Milk',
  price: 1900,
  sku: 'PEAK-400',
  code: labelCode({ id: 'm', barcode: null, sku: 'PEAK-400' }),
  quantity: 5,
};
afterEach(cleanup);

const all = { name: true, price: true, barcode: true, sku: true };

describe('LabelPages', () => {
  it('lays 25 labels on two A4 sheets of 24, each with drawn bars and its digits', () => {
    renderUi(<LabelPages labels={expandLabels([rice, milk])} size={sizeById('a4-24')} fields={all} />);
    const pages = screen.getAllByTestId('label-page');
    expect(pages).toHaveLength(2);
    expect(pages[0]!.querySelectorAll('[data-testid="label"]')).toHaveLength(24);
    expect(pages[1]!.querySelectorAll('[data-testid="label"]')).toHaveLength(1);
    const first = screen.getAllByTestId('label')[0]!;
    expect(first.textContent).toContain('Rice 50kg');
    expect(first.textContent).toContain('₦45,500.00');
    expect(first.textContent).toContain('6151100030153');
    expect(first.querySelectorAll('svg rect').length).toBeGreaterThan(20);
  });

  it('shows only the chosen fields', () => {
    renderUi(
      <LabelPages
        labels={expandLabels([{ ...milk, quantity: 1 }])}
        size={sizeById('40x30')}
        fields={{ name: true, price: false, barcode: false, sku: true }}
      />,
    );
    const label = screen.getByTestId('label');
    expect(label.textContent).toContain('Peak Milk');
    expect(label.textContent).toContain('SKU PEAK-400');
    expect(label.textContent).not.toContain('₦');
    expect(label.querySelector('svg')).toBeNull();
  });
});

describe('printCss', () => {
  it('sets the printed page to the label, or to A4 for sheets', () => {
    expect(printCss(sizeById('40x30'))).toContain('@page { size: 40mm 30mm; margin: 0; }');
    expect(printCss(sizeById('a4-24'))).toContain('@page { size: A4 portrait; margin: 0; }');
    expect(printCss(sizeById('38x25'))).toContain(
      'body > *:not(.ms-print-root) { display: none !important; }',
    );
  });
});
