import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '@/components/ui/test-utils';
import { FailedRowCard } from './failed-row-card';

afterEach(cleanup);

const row = {
  row_number: 4,
  data: { name: 'Bad price', selling_price: 'abc', category: 'Drinks' },
  status: 'failed' as const,
  error: 'selling_price must be a number in naira, not “abc”',
  product_id: null,
};

describe('FailedRowCard', () => {
  it('shows the reason, checks an edit as it is typed and keeps the corrected cells', () => {
    const onKeep = vi.fn();
    renderUi(<FailedRowCard row={row} edited={undefined} onKeep={onKeep} onDiscard={() => {}} />);
    expect(screen.getByTestId('failed-reason').textContent).toBe(row.error);
    fireEvent.click(screen.getByRole('button', { name: 'Edit row 4' }));

    const price = screen.getByRole('textbox', { name: 'selling_price' }) as HTMLInputElement;
    expect(price.value).toBe('abc');
    expect(screen.getByRole('status').textContent).toContain('selling_price must be a number in naira');
    fireEvent.change(price, { target: { value: ' 2,500 ' } });
    expect(screen.getByRole('status').textContent).toBe('This row looks good now.');
    fireEvent.change(screen.getByRole('textbox', { name: 'name' }), { target: { value: '' } });
    expect(screen.getByRole('status').textContent).toBe('name is required');
    fireEvent.change(screen.getByRole('textbox', { name: 'name' }), { target: { value: 'Zobo drink' } });

    fireEvent.click(screen.getByRole('button', { name: 'Keep changes' }));
    expect(onKeep).toHaveBeenCalledWith({ name: 'Zobo drink', selling_price: '2,500', category: 'Drinks' });
  });

  it('marks a row edited and offers to undo the edit', () => {
    const onDiscard = vi.fn();
    renderUi(
      <FailedRowCard
        row={row}
        edited={{ name: 'Zobo', selling_price: '10' }}
        onKeep={() => {}}
        onDiscard={onDiscard}
      />,
    );
    expect(screen.getByText('Edited')).toBeTruthy();
    expect(screen.getByText('name: Zobo · selling_price: 10')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Undo edit' }));
    expect(onDiscard).toHaveBeenCalled();
  });
});
