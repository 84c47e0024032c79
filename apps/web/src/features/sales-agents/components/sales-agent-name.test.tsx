import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { LoginData } from '@ms/contracts';
import { renderUi } from '@/components/ui/test-utils';
import { sessionStore } from '@/lib/session-store';
import { businessDb } from '@/offline';
import { SalesAgentName } from './sales-agent-name';

let n = 0;
/** A signed-in business whose device holds these agents (the synced `sales_agents` table). */
const signInWithAgentsOnDevice = async (agents: { _id: string; code: string; name: string }[]) => {
  const businessId = `b-agent-${Date.now()}-${++n}`;
  sessionStore.loginWith({
    token: 't',
    user: { _id: 'u1', role: 'Admin', permissions: [] },
    business: { _id: businessId, name: 'Ngozi Stores' },
  } as unknown as LoginData);
  await businessDb(businessId).data('sales_agents').bulkPut(agents);
  return businessId;
};

/** The server's sales agents list answers with `agents`, or the network is down (null). */
const server = (agents: { _id: string; code: string; name: string }[] | null) =>
  vi.stubGlobal('fetch', async () => {
    if (!agents) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify({ status: true, message: 'ok', data: agents }), {
      headers: { 'Content-Type': 'application/json' },
    });
  });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clearAll();
});

describe("a sale's sales agent", () => {
  it('is named from the agents on this device when the server cannot be reached', async () => {
    await signInWithAgentsOnDevice([{ _id: 'ag1', code: 'AG1', name: 'Ada Obi' }]);
    server(null);
    renderUi(<SalesAgentName code="AG1" />);
    expect(await screen.findByText('Ada Obi (AG1)')).toBeTruthy();
  });

  it('is the code alone when neither the server nor the device knows the agent', async () => {
    await signInWithAgentsOnDevice([{ _id: 'ag1', code: 'AG1', name: 'Ada Obi' }]);
    server(null);
    renderUi(<SalesAgentName code="AG9" />);
    expect(await screen.findByText('AG9')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByText('AG9')).toBeTruthy();
  });

  it('is named as the server says when it answers', async () => {
    await signInWithAgentsOnDevice([{ _id: 'ag1', code: 'AG1', name: 'Ada Obi' }]);
    server([{ _id: 'ag1', code: 'AG1', name: 'Ada Obi-Eze' }]);
    renderUi(<SalesAgentName code="AG1" />);
    expect(await screen.findByText('Ada Obi-Eze (AG1)')).toBeTruthy();
  });
});
