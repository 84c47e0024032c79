import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { LoginData } from '@ms/contracts';
import { renderUi } from '@/components/ui/test-utils';
import { sessionStore } from '@/lib/session-store';
import { startSync } from '@/offline';
import SyncSettingsPage from './sync-settings-page';

let stop: () => void = () => {};
afterEach(() => {
  cleanup();
  act(() => stop());
  sessionStore.clearAll();
});

const signIn = (businessId: string) => {
  sessionStore.loginWith({
    token: 't',
    user: { _id: 'u1', role: 'Admin', permissions: [] },
    business: { _id: businessId, name: 'Ngozi Stores' },
  } as unknown as LoginData);
  act(() => {
    stop = startSync({ businessId, token: 't' });
  });
};

/** The Select's input (its listbox carries the same name). */
const select = (label: string) =>
  screen.getAllByLabelText(`${label} frequency`).find((el) => el.tagName === 'INPUT') as HTMLInputElement;
const frequency = (label: string) => select(label).value;

describe('Sync Settings screen', () => {
  it('lists each module with its frequency (spec 000 §9 defaults)', () => {
    signIn(`b-sync-${Date.now()}`);
    renderUi(<SyncSettingsPage />);
    expect(screen.getByRole('heading', { name: 'Sync Settings' })).toBeTruthy();
    expect(frequency('Customers')).toBe('Every minute');
    expect(frequency('Products')).toBe('Every 80 seconds');
    expect(frequency('Categories')).toBe('Every 5 minutes');
    expect(frequency('Stores')).toBe('Every 5 minutes');
    expect(frequency('Payments')).toBe('Every 5 minutes');
    expect(frequency('Sales')).toBe('Every 5 minutes');
    expect(screen.getByRole('button', { name: 'Sync now' })).toBeTruthy();
  }, 20_000);

  it('keeps an edited frequency for the business across a restart', async () => {
    const businessId = `b-sync-edit-${Date.now()}`;
    signIn(businessId);
    renderUi(<SyncSettingsPage />);
    fireEvent.click(select('Customers'));
    fireEvent.click(await screen.findByRole('option', { name: 'Every 2 minutes' }));
    await waitFor(() => expect(frequency('Customers')).toBe('Every 2 minutes'));
    cleanup();
    act(() => stop());

    signIn(businessId);
    renderUi(<SyncSettingsPage />);
    expect(frequency('Customers')).toBe('Every 2 minutes');
    expect(frequency('Products')).toBe('Every 80 seconds');
  }, 20_000);
});
