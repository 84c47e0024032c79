import { useState } from 'react';
import { SALES_AGENT_CODE_PATTERN, type FeatureToggle, type SalesAgent } from '@ms/contracts';
import { useLocalTable } from '@/offline';
import { useBusinessId } from '@/lib/session-store';
import { useAgentToggles, useSalesAgents } from './sales-agents';

/**
 * Whether a store's till asks for the sales agent's code, and that store's active agents: from the
 * server, or offline from the lists synced to this device. `agents` is null when neither is known
 * (then any well-formed code is taken, and the server keeps it).
 */
export const useSalesAgentRule = (storeId: string | null) => {
  const b = useBusinessId();
  const online = { toggles: useAgentToggles(), agents: useSalesAgents() };
  const local = {
    toggles: useLocalTable<FeatureToggle & { _id: string }>(b, 'feature_toggles'),
    agents: useLocalTable<SalesAgent & { _id: string }>(b, 'sales_agents'),
  };
  const toggles = online.toggles.data ?? (local.toggles?.length ? local.toggles : undefined);
  const agents = online.agents.data ?? (local.agents?.length ? local.agents : undefined);
  const required = !!toggles?.some(
    (t) => t.key === 'SALES_AGENT_CODE' && t.store_id === storeId && t.enabled,
  );
  return {
    required,
    agents: agents ? agents.filter((a) => a.store_id === storeId && a.active) : null,
  };
};

export type AgentCode = {
  required: boolean;
  /** What the cashier typed. */
  input: string;
  setInput: (value: string) => void;
  /** The code as the sale sends it (upper case), or undefined when the till does not ask. */
  code: string | undefined;
  /** The agent the code names, when known. */
  agent: SalesAgent | undefined;
  /** Whether the sale may go: not asked, or a code of one of the store's active agents. */
  valid: boolean;
  /** Why it may not, once something is typed. */
  error: string | null;
};

/** The till's agent code for a sale in `storeId`. */
export const useAgentCode = (storeId: string | null): AgentCode => {
  const rule = useSalesAgentRule(storeId);
  const [input, setInput] = useState('');
  const code = input.trim().toUpperCase();
  const agent = rule.agents?.find((a) => a.code === code);
  const wellFormed = SALES_AGENT_CODE_PATTERN.test(code);
  const valid = !rule.required || (wellFormed && (agent !== undefined || rule.agents === null));
  const error =
    !rule.required || code === '' || valid
      ? null
      : wellFormed
        ? 'No active sales agent of this store has this code.'
        : 'A code is 3 to 12 letters or digits.';
  return {
    required: rule.required,
    input,
    setInput,
    code: rule.required ? code : undefined,
    agent,
    valid,
    error,
  };
};
