import { Button, Group, Stack, Title } from '@mantine/core';
import { IconChartBar, IconTicket } from '@tabler/icons-react';
import { Link } from 'react-router';
import { posPaths } from '../lib/paths';
import { RegisterSlot } from './register-slot';
import { ShortcutsHelp } from './shortcuts-help';
import { StorePicker } from './store-picker';
import { TillReadiness, type TillReadinessState } from './till-readiness';

/**
 * The till's title rows: the store, tickets, today's sales and shortcuts beside the title; offline
 * readiness and the register on a short line below (two rows on a laptop, so the cart keeps its height).
 */
export const TillToolbar = ({
  readiness,
  storeId,
  onStore,
  onTickets,
}: {
  readiness: TillReadinessState;
  storeId: string | null;
  onStore: (id: string) => void;
  /** Opens the parked tickets; absent when the role may not manage tickets. */
  onTickets?: () => void;
}) => (
  <Stack gap={6}>
    <Group justify="space-between" gap="xs">
      <Title order={1} size="h2">
        Point of sale
      </Title>
      <Group gap="xs" wrap="wrap">
        <StorePicker value={storeId} onChange={onStore} />
        {onTickets && (
          <Button variant="default" size="md" leftSection={<IconTicket size={18} />} onClick={onTickets}>
            Tickets
          </Button>
        )}
        <Button
          component={Link}
          to={posPaths.dashboard}
          variant="default"
          size="md"
          leftSection={<IconChartBar size={18} />}
        >
          Today
        </Button>
        <ShortcutsHelp />
      </Group>
    </Group>
    <Group gap="xs" wrap="wrap">
      <TillReadiness state={readiness} />
      <RegisterSlot storeId={storeId} />
    </Group>
  </Stack>
);
