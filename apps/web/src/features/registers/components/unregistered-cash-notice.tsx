import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCashOff } from '@tabler/icons-react';
import { formatMoney } from '@ms/contracts';
import { useSettleUnregisteredCash } from '../api/registers';
import { formatDateTime } from './format';
import type { UnregisteredCashGroup } from './unregistered-cash';

/**
 * On /registers: cash of sales made offline that no register took (decision 0004), with a dialog
 * listing the sales and a button to count the cash into an open register of the store.
 */
export const UnregisteredCashNotice = ({ group }: { group: UnregisteredCashGroup }) => {
  const [opened, setOpened] = useState(false);
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconCashOff size={18} aria-hidden />}
      data-testid="unregistered-cash-notice"
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm" fw={600}>
          {group.notice}
        </Text>
        <Button size="xs" variant="white" color="orange" onClick={() => setOpened(true)}>
          See the sales
        </Button>
      </Group>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Cash from sales made offline" size="lg">
        {opened && <SettleForm group={group} onDone={() => setOpened(false)} />}
      </Modal>
    </Alert>
  );
};

const SettleForm = ({ group, onDone }: { group: UnregisteredCashGroup; onDone: () => void }) => {
  const [registerId, setRegisterId] = useState<string | null>(group.openRegisters[0]?.id ?? null);
  const settle = useSettleUnregisteredCash();
  const target = group.openRegisters.find((r) => r.id === registerId) ?? null;
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        No register was open when these sales reached the server, so their cash is not counted in any register
        yet.
      </Text>
      <Table striped fz="sm" horizontalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Receipt</Table.Th>
            <Table.Th>Made by</Table.Th>
            <Table.Th ta="right">Cash</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {group.sales.map((s) => (
            <Table.Tr key={s.sale_id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{s.receipt_number}</Table.Td>
              <Table.Td>
                {formatDateTime(s.made_at)}
                <Text size="xs" c="dimmed">
                  {s.cashier_name || '—'}
                </Text>
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(s.amount)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th colSpan={2}>Total</Table.Th>
            <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(group.total)}
            </Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
      {group.openRegisters.length > 1 && (
        <Select
          label="Register"
          data={group.openRegisters.map((r) => ({ value: r.id, label: r.name }))}
          value={registerId}
          onChange={setRegisterId}
          allowDeselect={false}
          size="md"
        />
      )}
      {group.blockedReason && (
        <Text size="sm" c="dimmed" id="unregistered-cash-blocked">
          {group.blockedReason}
        </Text>
      )}
      {settle.error && (
        <Alert color="red" role="alert">
          {settle.error.message}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button
          disabled={!!group.blockedReason || !target}
          aria-describedby={group.blockedReason ? 'unregistered-cash-blocked' : undefined}
          loading={settle.isPending}
          onClick={() =>
            target &&
            settle.mutate(
              { registerId: target.id, saleIds: group.sales.map((s) => s.sale_id) },
              {
                onSuccess: (data) => {
                  notifications.show({
                    color: 'teal',
                    title: 'Cash added to the register',
                    message: `${formatMoney(data.amount)} added to ${target.name}.`,
                  });
                  onDone();
                },
              },
            )
          }
        >
          {target ? `Add ${formatMoney(group.total)} to ${target.name}` : 'Add to the open register'}
        </Button>
      </Group>
    </Stack>
  );
};
