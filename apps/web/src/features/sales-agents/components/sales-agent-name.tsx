import type { SalesAgent } from '@ms/contracts';
import { useLocalTable } from '@/offline';
import { useBusinessId } from '@/lib/session-store';
import { useSalesAgents } from '../api/sales-agents';

/**
 * A sale's agent as "Name (CODE)": from the server, or (offline, until it answers) from the agents
 * synced to this device; the code alone while the agent is not known here.
 */
export const SalesAgentName = ({ code }: { code: string }) => {
  const online = useSalesAgents();
  const local = useLocalTable<SalesAgent & { _id: string }>(useBusinessId(), 'sales_agents');
  const agents = online.data ?? (local?.length ? local : undefined);
  const agent = agents?.find((a) => a.code === code);
  return <>{agent ? `${agent.name} (${code})` : code}</>;
};
