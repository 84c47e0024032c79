import { Button, Group, Title } from '@mantine/core';
import { IconChartBar, IconTicket } from '@tabler/icons-react';
import { Link } from 'react-router';
import { posPaths } from '../lib/paths';
import { RegisterSlot } from './register-slot';
import { ShortcutsHelp } from './shortcuts-help';
import { StorePicker } from './store-picker';
import { TillReadiness } from './till-readiness';

/** The till's title row: offline readiness, the store, the register, tickets, today's sales, shortcuts. */
export const TillToolbar = ({
  offlineReady,
  storeId,
  onStore,
  onTickets,
}: {
  offlineReady: boolean;
  storeId: string | null;
  onStore: (id: string) => void;
  /** Opens the parked tickets; absent when the role may not manage tickets. */
  onTickets?: () => void;
}) => (
  <Group justify="space-between" gap="xs">
    <Title order={1} size="h2">
      Point of sale
    </Title>
    <Group gap="xs" wrap="wrap">
      <TillReadiness ready={offlineReady} />
      <StorePicker value={storeId} onChange={onStore} />
      <RegisterSlot storeId={storeId} />
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
);
