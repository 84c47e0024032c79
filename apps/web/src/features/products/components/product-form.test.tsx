import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Product, Store } from '@ms/contracts';
import { renderUi } from '@/components/ui/test-utils';
import { ProductForm } from './product-form';

const store = (id: string, name: string) =>
  ({
    _id: id,
    id,
    name,
    business_id: 'b',
    address: null,
    phone: null,
    email: null,
    is_active: true,
  }) as Store;
const STORES = [
  store('0190a1b2-0000-7000-8000-00000000000a', 'Wuse'),
  store('0190a1b2-0000-7000-8000-00000000000b', 'Ikeja'),
];

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: false, selector: 'input,textarea' }), {
    target: { value },
  });

afterEach(cleanup);

describe('ProductForm', () => {
  beforeAll(() => {
    // jsdom has no font loading API; the description's autosize listens to it.
    if (!('fonts' in document))
      Object.defineProperty(document, 'fonts', {
        configurable: true,
        value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
      });
  });

  it('shows the contract messages under the fields and sends nothing while they stand', async () => {
    const onSubmit = vi.fn();
    renderUi(<ProductForm mode="create" stores={STORES} busy={false} canSave onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save product' }));
    expect(await screen.findByText('The name field is required.')).toBeTruthy();
    expect(screen.getByText('The selling price field is required.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Product name/ }).getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends a simple product with its opening stock per store', async () => {
    const onSubmit = vi.fn();
    renderUi(<ProductForm mode="create" stores={STORES} busy={false} canSave onSubmit={onSubmit} />);
    type('Product name', 'Peak Milk 400g');
    type('Selling price', '2500');
    type('Opening stock at Ikeja', '7');
    fireEvent.click(screen.getByRole('button', { name: 'Save product' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      name: 'Peak Milk 400g',
      selling_price: 2500,
      product_type: 'simple',
      store_stock: [{ store_id: STORES[1]!._id, stock: 7 }],
    });
  });

  it('asks for options before a product with variants can be saved', async () => {
    const onSubmit = vi.fn();
    renderUi(<ProductForm mode="create" stores={STORES} busy={false} canSave onSubmit={onSubmit} />);
    type('Product name', 'Ankara Shirt');
    fireEvent.click(screen.getByText('With variants'));
    expect(await screen.findByRole('heading', { name: 'Variants' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save product' }));
    expect(await screen.findByText(/Add at least one option with its values/)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('on edit shows the stock instead of opening stock, and keeps the varieties', () => {
    const product = {
      _id: 'p1',
      updated_at: '2025-01-01T00:00:00.000Z',
      name: 'Ankara Shirt',
      sku: null,
      barcode: null,
      description: null,
      images: [],
      product_type: 'variable',
      cost_price: 0,
      selling_price: 5000,
      category_id: null,
      subcategory_id: null,
      tags: [],
      modifiers: [],
      options: [{ name: 'Size', values: ['S', 'M'] }],
      varieties: ['S', 'M'].map((size, i) => ({
        _id: `v${i}`,
        name: size,
        option_values: { Size: size },
        sku: null,
        barcode: null,
        cost_price: 0,
        selling_price: 5000 + i * 1000,
        stock: i + 2,
        store_stock: [],
      })),
      track_stock: true,
      low_stock_threshold: 1,
      stock: 5,
      store_stock: [],
    } as unknown as Product;
    renderUi(
      <ProductForm mode="edit" product={product} stores={STORES} busy={false} canSave onSubmit={vi.fn()} />,
    );
    expect(screen.getAllByTestId('variety-row')).toHaveLength(2);
    expect((screen.getByLabelText('Price of M') as HTMLInputElement).value).toBe('₦6,000');
    expect(screen.queryByLabelText(/Opening stock of/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeTruthy();
  });
});
