import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { Invoice, LoginData } from '@ms/contracts';
import { renderUi } from '@/components/ui/test-utils';
import { sessionStore } from '@/lib/session-store';
import { businessDb } from '@/offline';
import InvoicesPage from './invoices-page';

let n = 0;
const signIn = async (role: string, permissions: string[], onDevice: Partial<Invoice>[] = []) => {
  const businessId = `b-invoices-${Date.now()}-${++n}`;
  sessionStore.loginWith({
    token: 't',
    user: { _id: 'u1', role, permissions },
    business: { _id: businessId, name: 'Adaeze Fabrics' },
  } as unknown as LoginData);
  await businessDb(businessId)
    .data('invoices')
    .bulkPut(onDevice as never[]);
  return businessId;
};

const invoice = (over: Partial<Invoice>): Partial<Invoice> => ({
  _id: `i-${++n}`,
  number: 'INV-0001',
  client: 'c1',
  client_name: 'Amaka Obi',
  client_phone: '08031112222',
  status: 'sent',
  issue_date: '2026-11-20',
  due_date: '2026-12-04',
  total: 40000,
  balance: 40000,
  updated_at: '2026-11-20T10:00:00.000Z',
  ...over,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clearAll();
});

describe('/invoices', () => {
  it('offline, lists the invoices kept on this device', async () => {
    await signIn('Admin', [], [invoice({ number: 'INV-0007', client_name: 'Kemi Bello' })]);
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    renderUi(<InvoicesPage />);
    expect(await screen.findByText('You are offline', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('INV-0007')).toBeTruthy();
    expect(screen.getByText('Kemi Bello')).toBeTruthy();
  });

  it('asks the server nothing for a role without the invoices permission, and says why', async () => {
    await signIn('cashier', ['pos.make_sale']);
    const fetch = vi.fn(async (_url: RequestInfo | URL) => new Response('{}'));
    vi.stubGlobal('fetch', fetch);
    renderUi(<InvoicesPage />);
    expect(await screen.findByText(/Your role does not let you see invoices/)).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(fetch.mock.calls.map((c) => String(c[0])).filter((u) => u.includes('/invoices'))).toEqual([]);
  });
});
