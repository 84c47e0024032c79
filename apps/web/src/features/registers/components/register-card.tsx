import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconArrowsExchange, IconCashRegister, IconLock, IconMinus, IconPlus } from '@tabler/icons-react';
import { formatMoney, type Register } from '@ms/contracts';
import { Link } from 'react-router';
import type { RegisterAction } from './register-actions';
import { formatSince } from './format';

type Props = {
  register: Register;
  canOperate: boolean;
  onAction: (action: RegisterAction, register: Register) => void;
};

/** A register with its state: open (who, since when, expected cash) or closed, and what can be done. */
export const RegisterCard = ({ register, canOperate, onAction }: Props) => {
  const s = register.session;
  return (
    <Card withBorder radius="md" padding="md" aria-label={`${register.name}, ${register.store_name}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Text fw={700} size="lg" truncate>
              {register.name}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {register.store_name}
            </Text>
          </div>
          <Badge color={s ? 'teal' : 'gray'} variant="light" size="lg">
            {s ? 'Open' : 'Closed'}
          </Badge>
        </Group>

        {s ? (
          <Stack gap={2}>
            <Text size="sm">
              Operated by <b>{s.operator_name}</b>
              {s.operator_id !== s.opened_by && <> (opened by {s.opened_by_name})</>}
            </Text>
            <Text size="sm" c="dimmed">
              Open since {formatSince(s.opened_at)}
            </Text>
            <Group justify="space-between" mt={4}>
              <Text size="sm">Expected cash</Text>
              <Text fw={700} size="lg" data-testid="expected-now">
                {formatMoney(register.expected_cash ?? 0)}
              </Text>
            </Group>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            Open it with the cash in the drawer before taking cash sales.
          </Text>
        )}

        <Group gap="xs">
          {canOperate && !s && (
            <Button leftSection={<IconCashRegister size={18} />} onClick={() => onAction('open', register)}>
              Open register
            </Button>
          )}
          {canOperate && s && (
            <>
              <Button
                variant="light"
                leftSection={<IconPlus size={16} />}
                onClick={() => onAction('add', register)}
              >
                Add cash
              </Button>
              <Button
                variant="light"
                color="orange"
                leftSection={<IconMinus size={16} />}
                onClick={() => onAction('remove', register)}
              >
                Remove cash
              </Button>
              <Button
                variant="default"
                leftSection={<IconArrowsExchange size={16} />}
                onClick={() => onAction('switch', register)}
              >
                Switch user
              </Button>
              <Button
                color="red"
                variant="light"
                leftSection={<IconLock size={16} />}
                onClick={() => onAction('close', register)}
              >
                Close
              </Button>
            </>
          )}
          <Button variant="subtle" component={Link} to={`/registers-details?id=${register.id}`}>
            Details
          </Button>
        </Group>
      </Stack>
    </Card>
  );
};
