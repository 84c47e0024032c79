import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TEXT, type LoginData } from '@ms/contracts';
import { renderUi } from '@/components/ui/test-utils';
import { sessionStore } from '@/lib/session-store';
import { businessDb, enqueue, syncStatus } from '@/offline';
import { ConnectivityBanner, OFFLINE_TEXT } from './connectivity-banner';
import { SyncIndicator } from './sync-indicator';

let n = 0;
const signIn = () => {
  const businessId = `b-ui-${Date.now()}-${++n}`;
  sessionStore.loginWith({
    token: 't',
    user: { _id: 'u1', role: 'Admin', permissions: [] },
    business: { _id: businessId, name: 'Ngozi Stores' },
  } as unknown as LoginData);
  return businessId;
};

afterEach(() => {
  cleanup();
  act(() => syncStatus.clear());
  sessionStore.clearAll();
});

const openPopover = async () => {
  fireEvent.click(screen.getByRole('button', { name: /^Sync status/ }));
  return screen.findByRole('dialog');
};

describe('top bar sync status', () => {
  it('reads "No ongoing sync operation" before any sync', async () => {
    signIn();
    renderUi(<SyncIndicator />);
    expect(screen.getByRole('button', { name: `Sync status: ${TEXT.noSync}` })).toBeTruthy();
    const popover = await openPopover();
    expect(within(popover).getByText(TEXT.noSync)).toBeTruthy();
    expect(within(popover).getByRole('button', { name: 'Sync Settings' })).toBeTruthy();
  });

  it('shows "Syncing" with each module\'s progress, then "Synced"', async () => {
    signIn();
    renderUi(<SyncIndicator />);
    act(() => {
      syncStatus.report({ name: 'customers', done: 3, total: 10, type: 'fetch', error: null });
      syncStatus.report({ name: 'pos_unsynced', done: 0, total: 2, type: 'offline', error: null });
    });
    expect(screen.getByRole('button', { name: `Sync status: ${TEXT.syncing}` })).toBeTruthy();
    const popover = await openPopover();
    expect(within(popover).getByText(TEXT.syncOngoing)).toBeTruthy();
    const rows = within(popover).getAllByTestId('sync-module');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^Customers.*download.*3\/10/),
      expect.stringMatching(/^Sales made here.*upload.*0\/2/),
    ]);
    act(() => {
      syncStatus.report({ name: 'customers', done: 10, total: 10, type: 'fetch', error: null });
      syncStatus.report({ name: 'pos_unsynced', done: 2, total: 2, type: 'offline', error: null });
    });
    expect(within(popover).getByText(TEXT.synced)).toBeTruthy();
    expect(within(popover).getByText(TEXT.syncDone)).toBeTruthy();
  });

  it('says a sync failed and tries again with the sync dialog', async () => {
    signIn();
    renderUi(<SyncIndicator />);
    act(() =>
      syncStatus.report({ name: 'products', done: 0, total: 0, type: 'fetch', error: 'Server unreachable' }),
    );
    const popover = await openPopover();
    expect(within(popover).getByText(TEXT.syncError)).toBeTruthy();
    expect(within(popover).getByText(TEXT.syncFailed)).toBeTruthy();
    expect(within(popover).getByText('Server unreachable')).toBeTruthy();
    fireEvent.click(within(popover).getByRole('button', { name: 'Try again' }));
    // No server in a unit test: every module fails again, and the dialog says so.
    expect(screen.getByRole('heading', { name: TEXT.syncOngoing })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: TEXT.syncFailed }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Try again' }).length).toBeGreaterThan(1);
  }, 20_000);

  it('counts the records waiting to upload and lists refused ones with their reason', async () => {
    const b = signIn();
    renderUi(<SyncIndicator />);
    await act(async () => {
      await enqueue(b, 'pos', { _id: 'sale-1', created_at: '2026-11-22T08:00:00Z' });
      await enqueue(b, 'pos', { _id: 'sale-2', created_at: '2026-11-22T08:01:00Z' });
      await enqueue(b, 'customers', { _id: 'c1', first_name: 'Ada', last_name: 'Obi' });
    });
    await waitFor(() => expect(screen.getByTestId('pending-uploads-count').textContent).toContain('3'));
    expect(screen.getByRole('button', { name: /2 sales and 1 customer waiting to upload/ })).toBeTruthy();
    await act(() =>
      businessDb(b).rejected.put({
        _id: 'sale-0',
        module: 'pos',
        record: { _id: 'sale-0', total: 2500 },
        reason: 'Not enough Coke in Wuse',
        at: 1,
      }),
    );
    const popover = await openPopover();
    expect(within(popover).getByTestId('sync-waiting').textContent).toBe(
      '2 sales and 1 customer waiting to upload',
    );
    fireEvent.click(await within(popover).findByRole('button', { name: '1 record was refused' }));
    const list = await screen.findByRole('dialog', { name: 'Records the server refused' });
    expect(within(list).getByText('Not enough Coke in Wuse')).toBeTruthy();
    expect(within(list).getByText(/Sales: Sale of ₦2,500.00/)).toBeTruthy();
    fireEvent.click(within(list).getByRole('button', { name: /Dismiss/ }));
    await waitFor(() => expect(within(list).queryByTestId('rejected-upload')).toBeNull());
  });
});

describe('offline banner', () => {
  it('says how many records wait to upload while offline', async () => {
    const b = signIn();
    await enqueue(b, 'pos', { _id: 'sale-9' });
    renderUi(<ConnectivityBanner />);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByText(OFFLINE_TEXT)).toBeTruthy();
    expect((await screen.findByTestId('offline-waiting')).textContent).toBe('1 sale waiting to upload.');
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.getByText(TEXT.youAreOnline)).toBeTruthy();
    expect(screen.queryByTestId('offline-waiting')).toBeNull();
  });
});
