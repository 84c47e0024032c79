import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Sale, SaleLine } from '@ms/contracts';
import { renderUi } from '@/components/ui/test-utils';
import { RefundDialog } from './refund-dialog';

const line = (
  id: string,
  name: string,
  quantity: number,
  total: number,
  refunded = 0,
  net = total,
): SaleLine => ({
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
  net,
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

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

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

  it('shows exactly what will be refunded when the sale had an order discount', () => {
    // One ₦350 item of a sale with 10 % off the order: ₦315 comes back, as the server records.
    renderUi(
      <RefundDialog
        sale={sale({ items: [line('a', 'Milo 400g', 1, 350, 0, 315)] })}
        opened
        onClose={() => {}}
      />,
    );
    fireEvent.change(screen.getByLabelText('Quantity to refund of Milo 400g'), { target: { value: '1' } });
    expect(screen.getByTestId('refund-amount').textContent).toBe('₦315.00');
    expect(screen.getByRole('button', { name: 'Refund ₦315.00' })).toBeTruthy();
  });

  it('drops a refusal about the way chosen once another way is chosen', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(
        JSON.stringify({
          status: false,
          message: 'Open a register in this store before taking cash.',
          data: null,
        }),
        { status: 409, headers: { 'content-type': 'application/json' } },
      ),
    );
    renderUi(
      <RefundDialog
        sale={sale({ customer_id: 'c1', customer_name: 'Tunde Bakare' })}
        opened
        onClose={() => {}}
      />,
    );
    fireEvent.change(screen.getByLabelText('Quantity to refund of Peak milk tin'), {
      target: { value: '1' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Refund ₦800.00' }));
    await waitFor(() =>
      expect(screen.getByText('Open a register in this store before taking cash.')).toBeTruthy(),
    );
    fireEvent.click(screen.getByLabelText('Store credit for Tunde Bakare'));
    await waitFor(() =>
      expect(screen.queryByText('Open a register in this store before taking cash.')).toBeNull(),
    );
  });
});
