import { TextInput } from '@mantine/core';
import type { AgentCode } from '../api/agent-rule';

/** The till's "Sales agent code" box, shown when the store asks for it; names the agent a code matches. */
export const AgentCodeField = ({ state }: { state: AgentCode }) =>
  state.required ? (
    <TextInput
      label="Sales agent code"
      description={
        state.agent ? `Agent: ${state.agent.name}` : 'Ask the customer for their sales agent’s code.'
      }
      placeholder="e.g. AG1234"
      value={state.input}
      onChange={(e) => state.setInput(e.currentTarget.value)}
      error={state.error}
      required
      size="md"
      maxLength={12}
      autoCapitalize="characters"
      autoComplete="off"
      data-testid="sales-agent-code"
    />
  ) : null;
