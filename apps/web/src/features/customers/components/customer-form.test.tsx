import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { renderUi } from '@/components/ui/test-utils';
import { CustomerForm, EMPTY_CUSTOMER, validateCustomer } from './customer-form';

afterEach(cleanup);

const field = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;
const type = (label: string, value: string) =>
  act(async () => void fireEvent.change(field(label), { target: { value } }));
const submit = (name = 'Add customer') =>
  act(async () => void fireEvent.click(screen.getByRole('button', { name })));

describe('CustomerForm', () => {
  it('refuses an empty first name, a bad phone and an impossible birthday, in words', async () => {
    const onSubmit = vi.fn();
    renderUi(<CustomerForm mode="create" submitLabel="Add customer" onSubmit={onSubmit} />);
    await type('Phone number', '12345');
    await type('Birthday', '31-02');
    await type('E-mail', 'ngozi@');
    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('The first name field is required.')).toBeTruthy();
    expect(screen.getByText('The phone field must be a valid phone number, e.g. 08012345678.')).toBeTruthy();
    expect(screen.getByText('The birthday must be a real date.')).toBeTruthy();
    expect(screen.getByText('The email field must be a valid email.')).toBeTruthy();
  });

  it('sends the spec fields with the address nested and blanks left out', async () => {
    const onSubmit = vi.fn();
    renderUi(<CustomerForm mode="create" submitLabel="Add customer" onSubmit={onSubmit} />);
    await type('First name', ' Ngozi ');
    await type('Phone number', '0803 123 4567');
    await type('Birthday', '14-02');
    await type('City', 'Ikeja');
    await submit();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      first_name: 'Ngozi',
      phone: '08031234567',
      day_month: '14-02',
      address: { street: '', city: 'Ikeja', state: '', country: 'Nigeria' },
    });
  });

  it('shows the server’s duplicate-phone refusal under the phone field', () => {
    renderUi(
      <CustomerForm
        mode="create"
        submitLabel="Add customer"
        onSubmit={() => {}}
        serverError={{
          message: 'A customer with the phone 08031234567 already exists: Emeka Nwosu.',
          field: 'phone',
        }}
      />,
    );
    expect(screen.getByText(/already exists: Emeka Nwosu/)).toBeTruthy();
  });

  it('on edit, clearing a field sends null so the server clears it', () => {
    const result = validateCustomer({ ...EMPTY_CUSTOMER, first_name: 'Ada', email: '' }, 'edit');
    expect(result.ok && result.body).toMatchObject({
      first_name: 'Ada',
      email: null,
      phone: null,
      last_name: null,
    });
  });
});
