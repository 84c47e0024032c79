import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { Sale, SaleLine } from '@ms/contracts';
import { renderUi } from '@/components/ui/test-utils';
import { RefundDialog } from './refund-dialog';

const line = (id: string, name: string, quantity: number, total: number, refunded = 0): SaleLine => ({
  _id: id,
  product_id: 'p',
  variety_id: null,
  name,
  quantity,
  price: total / quantity,
  modifiers: [],
  discount_type: null,
  discount: null,
  discount_amount: 0,
  total,
  refunded_quantity: refunded,
});

const sale = (over: Partial<Sale> = {}) =>
  ({
    _id: 's1',
    store_name: 'Garki',
    customer_id: null,
    customer_name: null,
    items: [line('a', 'Peak milk tin', 3, 2400, 1), line('b', 'Mama Gold rice 5kg', 1, 6500, 1)],
    ...over,
  }) as Sale;

afterEach(cleanup);

describe('RefundDialog', () => {
  it('offers only lines with units left and shows the amount before confirming', () => {
    renderUi(<RefundDialog sale={sale()} opened onClose={() => {}} />);
    expect(screen.getByText('2 of 3 left · line ₦2,400.00')).toBeTruthy();
    expect(screen.queryByLabelText('Quantity to refund of Mama Gold rice 5kg')).toBeNull();
    const confirm = screen.getByRole('button', { name: /^Refund ₦/ });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Quantity to refund of Peak milk tin'), {
      target: { value: '2' },
    });
    expect(screen.getByTestId('refund-amount').textContent).toBe('₦1,600.00');
    expect((screen.getByRole('button', { name: 'Refund ₦1,600.00' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('allows store credit only when the sale has a customer', () => {
    const { unmount } = renderUi(<RefundDialog sale={sale()} opened onClose={() => {}} />);
    expect(
      (screen.getByLabelText('Store credit (needs a customer on the sale)') as HTMLInputElement).disabled,
    ).toBe(true);
    unmount();
    renderUi(
      <RefundDialog
        sale={sale({ customer_id: 'c1', customer_name: 'Tunde Bakare' })}
        opened
        onClose={() => {}}
      />,
    );
    expect((screen.getByLabelText('Store credit for Tunde Bakare') as HTMLInputElement).disabled).toBe(false);
  });
});
