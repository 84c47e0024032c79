/** What other features use from sales agents: the till's agent code, and agent names by code. */
export { useAgentCode, type AgentCode } from './api/agent-rule';
export { useSalesAgents } from './api/sales-agents';
export { AgentCodeField } from './components/agent-code-field';
export { SalesAgentName } from './components/sales-agent-name';
