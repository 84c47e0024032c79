import { Anchor, Badge, Card, Checkbox, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronRight } from '@tabler/icons-react';
import type { Employee } from '@ms/contracts';
import { Link } from 'react-router';
import { storeNames } from './format';
import { StatusBadge } from './status-badge';

type Props = {
  employees: Employee[];
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: (checked: boolean) => void;
};

const detailsPath = (e: Employee) => `/employee-details-user?id=${encodeURIComponent(e._id)}`;
const OWNER_HINT = 'The business owner is always active';

/** Employees with a checkbox each: a table on a computer, a list of cards on a phone. */
export const EmployeesList = ({ employees, selected, onToggle, onToggleAll }: Props) => {
  const wide = useMediaQuery('(min-width: 48em)', true);
  const selectable = employees.filter((e) => !e.is_owner);
  const all = selectable.length > 0 && selectable.every((e) => selected.has(e._id));
  const some = selectable.some((e) => selected.has(e._id));

  const box = (e: Employee) => {
    const checkbox = (
      <Checkbox
        aria-label={`Select ${e.name}`}
        checked={selected.has(e._id)}
        disabled={e.is_owner}
        onChange={() => onToggle(e._id)}
        size="md"
      />
    );
    return e.is_owner ? (
      <Tooltip label={OWNER_HINT}>
        <span>{checkbox}</span>
      </Tooltip>
    ) : (
      checkbox
    );
  };

  if (!wide) {
    return (
      <Stack gap="xs">
        <Checkbox
          label="Select all"
          checked={all}
          indeterminate={some && !all}
          onChange={(ev) => onToggleAll(ev.currentTarget.checked)}
          size="md"
          px={4}
        />
        {employees.map((e) => (
          <Card key={e._id} withBorder padding="sm" radius="md" data-testid="employee-row">
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <div style={{ paddingTop: 2 }}>{box(e)}</div>
              <Anchor
                component={Link}
                to={detailsPath(e)}
                underline="never"
                c="inherit"
                style={{ flex: 1, minWidth: 0 }}
              >
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text fw={600} truncate>
                    {e.name}
                  </Text>
                  <div style={{ flexShrink: 0 }}>
                    <StatusBadge status={e.status} />
                  </div>
                </Group>
                <Text size="sm" c="dimmed" truncate>
                  {e.email}
                </Text>
                <Group gap={6} mt={4} wrap="nowrap">
                  <Badge variant="outline" color="gray" tt="capitalize" style={{ flexShrink: 0 }}>
                    {e.role}
                  </Badge>
                  {e.is_owner && (
                    <Badge size="sm" variant="light" style={{ flexShrink: 0 }}>
                      Owner
                    </Badge>
                  )}
                  <Text size="xs" c="dimmed" truncate>
                    {storeNames(e.stores)}
                  </Text>
                </Group>
              </Anchor>
              <IconChevronRight
                size={18}
                color="var(--mantine-color-gray-5)"
                aria-hidden
                style={{ marginTop: 4 }}
              />
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={720}>
      <Table highlightOnHover verticalSpacing="sm" striped={false}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={48}>
              <Checkbox
                aria-label="Select all"
                checked={all}
                indeterminate={some && !all}
                onChange={(ev) => onToggleAll(ev.currentTarget.checked)}
                size="md"
              />
            </Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Stores</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th w={90} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {employees.map((e) => (
            <Table.Tr key={e._id} data-testid="employee-row" bg={selected.has(e._id) ? 'teal.0' : undefined}>
              <Table.Td>{box(e)}</Table.Td>
              <Table.Td>
                <Text fw={600}>
                  {e.name}
                  {e.is_owner && (
                    <Badge ml={6} size="xs" variant="light">
                      Owner
                    </Badge>
                  )}
                </Text>
                <Text size="sm" c="dimmed">
                  {e.email}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text tt="capitalize">{e.role}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c={e.stores.length ? undefined : 'dimmed'}>
                  {storeNames(e.stores)}
                </Text>
              </Table.Td>
              <Table.Td>
                <StatusBadge status={e.status} />
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={detailsPath(e)} aria-label={`View ${e.name}`}>
                  View
                </Anchor>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
