import { useSalesAgents } from '../api/sales-agents';

/** A sale's agent as "Name (CODE)", or the code alone while the agents are not known here. */
export const SalesAgentName = ({ code }: { code: string }) => {
  const agent = useSalesAgents().data?.find((a) => a.code === code);
  return <>{agent ? `${agent.name} (${code})` : code}</>;
};
