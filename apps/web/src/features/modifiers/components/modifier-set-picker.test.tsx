import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import type { ModifierSet } from '@ms/contracts';
import { renderUi } from '@/components/ui/test-utils';
import { ModifierSetPicker } from './modifier-sets-panel';

const sets: ModifierSet[] = [
  {
    id: 's1',
    _id: 's1',
    name: 'Extras',
    business_id: 'b',
    created_at: '',
    updated_at: '',
    modifiers: [
      { _id: 'm1', name: 'Cheese', selling_price: 200 },
      { _id: 'm2', name: 'Egg', selling_price: 150.5 },
    ],
  },
  {
    id: 's2',
    _id: 's2',
    name: 'Sides',
    business_id: 'b',
    created_at: '',
    updated_at: '',
    modifiers: [{ _id: 'm3', name: 'Fries', selling_price: 500 }],
  },
];

vi.mock('../api/modifier-sets', () => ({
  useModifierSets: () => ({ isPending: false, isError: false, data: sets, refetch: vi.fn() }),
  useModifierSetMutations: () => {
    const m = { mutate: vi.fn(), reset: vi.fn(), isPending: false, error: null };
    return { create: m, update: m, remove: m };
  },
}));
vi.mock('@/lib/session-store', () => ({ useSession: () => null, hasPermission: () => true }));

afterEach(cleanup);
const click = (el: HTMLElement) => act(async () => void fireEvent.click(el));

describe('ModifierSetPicker (select mode)', () => {
  it('ticks modifiers one by one or a whole set, counts them, and saves the chosen sets', async () => {
    const onSave = vi.fn();
    renderUi(<ModifierSetPicker onSave={onSave} saveLabel="Use selected" />);
    const save = screen.getByRole('button', { name: 'Use selected' }) as HTMLButtonElement;
    expect(screen.getByText('0 modifiers selected')).toBeTruthy();
    expect(save.disabled).toBe(true);
    await click(screen.getByRole('checkbox', { name: /Egg/ }));
    expect(screen.getByText('1 modifier selected')).toBeTruthy();
    expect(save.disabled).toBe(false);
    await click(screen.getByRole('checkbox', { name: /Sides/ }));
    expect(screen.getByText('2 modifiers selected')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: /Fries/ }) as HTMLInputElement).checked).toBe(true);
    await click(save);
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({ setIds: ['s1', 's2'], modifierIds: ['m2', 'm3'] }),
    );
    await click(screen.getByRole('checkbox', { name: /Egg/ }));
    await click(screen.getByRole('checkbox', { name: /Fries/ }));
    expect(save.disabled).toBe(true);
  });

  it('starts with the modifiers of the product’s sets ticked', () => {
    renderUi(<ModifierSetPicker onSave={vi.fn()} initialSetIds={['s1']} />);
    expect(screen.getByText('2 modifiers selected')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: /Cheese/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('has a create mode with a back link to the list', async () => {
    renderUi(<ModifierSetPicker onSave={vi.fn()} />);
    await click(screen.getByRole('button', { name: 'Create modifier set' }));
    expect(screen.getByRole('form', { name: 'Modifier set' })).toBeTruthy();
    await click(screen.getByRole('button', { name: /Back to modifier sets/ }));
    expect(screen.getByText('0 modifiers selected')).toBeTruthy();
  });
});
