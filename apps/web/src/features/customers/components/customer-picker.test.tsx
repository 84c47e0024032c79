import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Customer } from '@ms/contracts';
import { renderUi } from '@/components/ui/test-utils';
import { CustomerPicker } from './customer-picker';

const ada: Customer = {
  _id: '0190aaaa-0000-7000-8000-000000000001',
  id: '0190aaaa-0000-7000-8000-000000000001',
  business: 'b',
  first_name: 'Ada',
  last_name: 'Obi',
  email: null,
  phone: '08031234567',
  day_month: null,
  address: { street: null, city: null, state: null, country: null },
  is_offline_data: false,
  created_at: '',
  updated_at: '',
};

const searches: string[] = [];
const mutate = vi.fn();
vi.mock('../api/customers', () => ({
  useCustomersPage: (params: { search: string }, enabled: boolean) => {
    if (enabled) searches.push(params.search);
    return enabled
      ? {
          isSuccess: true,
          isError: false,
          isFetching: false,
          data: { items: params.search.startsWith('0803') ? [ada] : [] },
        }
      : { isSuccess: false, isError: false, isFetching: false, data: undefined };
  },
  useCreateCustomer: () => ({ mutate, isPending: false, error: null, reset: () => {} }),
}));
vi.mock('@/lib/session-store', () => ({ useSession: () => ({}), hasPermission: () => true }));

afterEach(cleanup);
beforeEach(() => {
  mutate.mockReset();
  searches.length = 0;
});

describe('CustomerPicker', () => {
  it('finds by phone as you type and picks the customer', async () => {
    const onChange = vi.fn();
    renderUi(<CustomerPicker value={null} onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('Find a customer'), { target: { value: '0803' } });
    await waitFor(() => expect(screen.getByRole('option', { name: /Ada Obi/ })).toBeTruthy());
    fireEvent.click(screen.getByRole('option', { name: /Ada Obi/ }));
    expect(onChange).toHaveBeenCalledWith(ada);
  });

  it('says when nobody matches, and creates one inline with first name and phone', async () => {
    const onChange = vi.fn();
    mutate.mockImplementation((_body, opts: { onSuccess: (c: Customer) => void }) => opts.onSuccess(ada));
    renderUi(<CustomerPicker value={null} onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('Find a customer'), { target: { value: '0809 999 1111' } });
    await waitFor(() => expect(screen.getByText(/No customer matches/)).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'New customer' }));
    // The typed phone is carried over; the first name is still needed.
    expect((screen.getByLabelText(/Phone number/) as HTMLInputElement).value).toBe('08099991111');
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Add customer' })));
    expect(screen.getByText('The first name field is required.')).toBeTruthy();
    expect(mutate).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText(/First name/), { target: { value: 'Ada' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Add customer' })));
    expect(mutate.mock.calls[0]![0]).toEqual({ first_name: 'Ada', phone: '08099991111' });
    expect(onChange).toHaveBeenCalledWith(ada);
  });

  it('shows the picked customer with a way to remove them', () => {
    const onChange = vi.fn();
    renderUi(<CustomerPicker value={ada} onChange={onChange} />);
    expect(screen.getByText('Ada Obi')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove customer' }));
    expect(onChange).toHaveBeenCalledWith(null);
  });
});
