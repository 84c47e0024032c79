import type { ReactNode } from 'react';
import { Affix, Badge, Button, Drawer, Group, Paper } from '@mantine/core';
import { formatMoney } from '@ms/contracts';

/** On a phone: a bar pinned to the bottom (Cart with its count, Charge) and the cart in a bottom drawer. */
export const MobileCart = ({
  count,
  total,
  canCharge,
  onCharge,
  opened,
  onOpen,
  onClose,
  children,
}: {
  count: number;
  total: number;
  canCharge: boolean;
  onCharge: () => void;
  opened: boolean;
  onOpen: () => void;
  onClose: () => void;
  /** The cart panel. */
  children: ReactNode;
}) => (
  <>
    <Affix position={{ bottom: 0, left: 0, right: 0 }} zIndex={150}>
      <Paper shadow="md" p="sm" withBorder style={{ borderRadius: 0 }}>
        <Group gap="xs" wrap="nowrap">
          <Button
            variant="default"
            size="lg"
            px="sm"
            onClick={onOpen}
            rightSection={<Badge circle>{count}</Badge>}
          >
            Cart
          </Button>
          <Button size="lg" px="sm" style={{ flex: 1 }} disabled={!canCharge} onClick={onCharge}>
            Charge {formatMoney(total)}
          </Button>
        </Group>
      </Paper>
    </Affix>
    <Drawer
      opened={opened}
      onClose={onClose}
      position="bottom"
      size="92%"
      title={`Cart · ${count} ${count === 1 ? 'item' : 'items'}`}
      withCloseButton
      styles={{
        title: { fontWeight: 700 },
        content: { display: 'flex', flexDirection: 'column' },
        body: { flex: '1 1 auto', minHeight: 0, display: 'flex', flexDirection: 'column' },
      }}
    >
      {children}
    </Drawer>
  </>
);
