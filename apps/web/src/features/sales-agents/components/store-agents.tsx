import { Badge, Button, Group, Paper, Stack, Switch, Table, Text, Title } from '@mantine/core';
import type { FeatureToggle, SalesAgent } from '@ms/contracts';
import { useSalesAgentMutations } from '../api/sales-agents';

/** One store: whether its till asks for the agent code, and its agents with a switch to (de)activate each. */
export const StoreAgents = ({
  store,
  agents,
  toggle,
  onFailure,
}: {
  store: { _id: string; name: string };
  agents: SalesAgent[];
  toggle: FeatureToggle | undefined;
  onFailure: (message: string) => void;
}) => {
  const { update, toggle: setToggle } = useSalesAgentMutations();
  const titleId = `agents-${store._id}`;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {store.name}
        </Title>
        <Switch
          size="md"
          label="Ask for the sales agent code at the till"
          description="Every sale in this store then needs the code of one of its agents."
          checked={!!toggle?.enabled}
          disabled={setToggle.isPending}
          onChange={(e) =>
            setToggle.mutate(
              { storeId: store._id, enabled: e.currentTarget.checked },
              { onError: (error) => onFailure(error.message) },
            )
          }
        />
        {agents.length === 0 ? (
          <Text size="sm" c="dimmed">
            No sales agents in this store yet.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={420}>
            <Table verticalSpacing="xs" aria-label={`Sales agents of ${store.name}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Code</Table.Th>
                  <Table.Th>Phone</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {agents.map((a) => (
                  <Table.Tr key={a._id}>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Text size="sm" fw={500} c={a.active ? undefined : 'dimmed'}>
                          {a.name}
                        </Text>
                        {!a.active && (
                          <Badge color="gray" variant="light" size="sm">
                            Inactive
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" ff="monospace">
                        {a.code}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{a.phone ?? '—'}</Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Button
                        size="xs"
                        variant={a.active ? 'default' : 'light'}
                        loading={update.isPending && update.variables?.id === a._id}
                        onClick={() =>
                          update.mutate(
                            { id: a._id, body: { active: !a.active } },
                            { onError: (error) => onFailure(error.message) },
                          )
                        }
                        aria-label={`${a.active ? 'Deactivate' : 'Reactivate'} ${a.name}`}
                      >
                        {a.active ? 'Deactivate' : 'Reactivate'}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
};
