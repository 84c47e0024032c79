import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { LoginData } from '@ms/contracts';
import { sessionStore } from '@/lib/session-store';
import { businessDb } from './db';
import { useLocalTable, usePendingUploads, useRejectedUploads } from './live';
import { dismissRejected, enqueue } from './outbox';
import { freshBusiness } from './testing/fake-server';

afterEach(() => sessionStore.clearAll());

const signIn = (businessId: string) =>
  sessionStore.loginWith({
    token: 't',
    user: { _id: 'u1', role: 'Admin', permissions: [] },
    business: { _id: businessId },
  } as unknown as LoginData);

describe('live local data hooks', () => {
  it('shows a table and follows its changes', async () => {
    const b = freshBusiness();
    await businessDb(b).data('stores').put({ _id: 's1', name: 'Ikeja' });
    const { result } = renderHook(() => useLocalTable(b, 'stores'));
    await waitFor(() => expect(result.current).toEqual([{ _id: 's1', name: 'Ikeja' }]));
    await act(() => businessDb(b).data('stores').put({ _id: 's2', name: 'Lekki' }));
    await waitFor(() => expect(result.current).toHaveLength(2));
  });

  it('shows a sale as soon as it is queued', async () => {
    const b = freshBusiness();
    const { result } = renderHook(() => useLocalTable(b, 'pos'));
    await waitFor(() => expect(result.current).toEqual([]));
    await act(() => enqueue(b, 'pos', { _id: 'sale-1' }));
    await waitFor(() => expect(result.current).toEqual([{ _id: 'sale-1' }]));
  });

  it('counts what waits to upload and lists what was refused', async () => {
    const b = freshBusiness();
    signIn(b);
    const pending = renderHook(() => usePendingUploads());
    const rejected = renderHook(() => useRejectedUploads());
    await act(() => enqueue(b, 'pos', { _id: 'sale-1' }));
    await act(() => enqueue(b, 'customers', { _id: 'c1' }));
    await waitFor(() =>
      expect(pending.result.current).toEqual({ customers: 1, pos: 1, tickets: 0, invoices: 0, total: 2 }),
    );
    await act(() =>
      businessDb(b).rejected.put({
        _id: 'sale-0',
        module: 'pos',
        record: { _id: 'sale-0' },
        reason: 'No stock',
        at: 1,
      }),
    );
    await waitFor(() => expect(rejected.result.current.map((r) => r.reason)).toEqual(['No stock']));
    await act(() => dismissRejected(b, 'sale-0'));
    await waitFor(() => expect(rejected.result.current).toEqual([]));
  });
});
