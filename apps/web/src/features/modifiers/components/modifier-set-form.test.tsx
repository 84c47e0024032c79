import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { renderUi } from '@/components/ui/test-utils';
import { ModifierSetForm } from './modifier-set-form';

afterEach(cleanup);

const click = (el: HTMLElement) => act(async () => void fireEvent.click(el));
const type = (el: HTMLElement, value: string) =>
  act(async () => void fireEvent.change(el, { target: { value } }));
const deleteButtons = () => screen.queryAllByRole('button', { name: /Delete modifier/ });

describe('ModifierSetForm', () => {
  it('shows a delete button per row only while more than one row exists', async () => {
    renderUi(<ModifierSetForm onSubmit={vi.fn()} />);
    expect(screen.getAllByTestId('modifier-row')).toHaveLength(1);
    expect(deleteButtons()).toHaveLength(0);
    await click(screen.getByRole('button', { name: 'Add modifier' }));
    expect(screen.getAllByTestId('modifier-row')).toHaveLength(2);
    expect(deleteButtons()).toHaveLength(2);
    await click(deleteButtons()[0]!);
    expect(screen.getAllByTestId('modifier-row')).toHaveLength(1);
    expect(deleteButtons()).toHaveLength(0);
  });

  it('does not save without a set name or with a non-numeric price, and says why', async () => {
    const onSubmit = vi.fn();
    renderUi(<ModifierSetForm onSubmit={onSubmit} />);
    await type(screen.getByLabelText('Modifier 1 name'), 'Cheese');
    await type(screen.getByLabelText('Price (₦)'), 'two hundred');
    await click(screen.getByRole('button', { name: 'Save modifier set' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('The set name field is required.')).toBeTruthy();
    expect(screen.getByText(/The price should be an numeric/)).toBeTruthy();
  });

  it('saves the name and rows in naira, an empty price as 0', async () => {
    const onSubmit = vi.fn();
    renderUi(<ModifierSetForm onSubmit={onSubmit} />);
    await type(screen.getByLabelText(/Set name/), 'Extras');
    await type(screen.getByLabelText('Modifier 1 name'), 'Cheese');
    await type(screen.getByLabelText('Price (₦)'), '200.50');
    await click(screen.getByRole('button', { name: 'Add modifier' }));
    await type(screen.getByLabelText('Modifier 2 name'), 'Napkin');
    await click(screen.getByRole('button', { name: 'Save modifier set' }));
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Extras',
      modifiers: [
        { name: 'Cheese', selling_price: 200.5 },
        { name: 'Napkin', selling_price: 0 },
      ],
    });
  });

  it("shows the server's message when saving failed", () => {
    renderUi(
      <ModifierSetForm onSubmit={vi.fn()} serverError='A modifier set named "Extras" already exists.' />,
    );
    expect(screen.getByText('A modifier set named "Extras" already exists.')).toBeTruthy();
  });
});
