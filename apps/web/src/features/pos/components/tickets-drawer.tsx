import { ActionIcon, Alert, Button, Drawer, Group, Loader, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { formatMoney, type Ticket } from '@ms/contracts';
import { useTicketMutations, useTickets } from '../api/sales';
import { cartTotals, itemCount, type Cart } from '../lib/cart';
import { formatTime } from '@/lib/date-time';

type Props = {
  opened: boolean;
  storeId: string | null;
  onClose: () => void;
  onResume: (ticket: Ticket) => void;
};

const asCart = (t: Ticket) => t.cart as unknown as Cart;

/** Parked carts of this store: resume one (it replaces the cart) or delete it. */
export const TicketsDrawer = ({ opened, storeId, onClose, onResume }: Props) => {
  const tickets = useTickets(storeId, opened);
  const { remove } = useTicketMutations();
  return (
    <Drawer opened={opened} onClose={onClose} title="Parked tickets" position="right" size="md">
      {tickets.isPending ? (
        <Loader />
      ) : tickets.isError ? (
        <Alert color="red">{tickets.error.message}</Alert>
      ) : tickets.data.length === 0 ? (
        <Text c="dimmed">
          No parked ticket. Use Park on a cart to put it aside and serve the next customer.
        </Text>
      ) : (
        <Stack gap="xs">
          {remove.isError && <Alert color="red">{remove.error.message}</Alert>}
          {tickets.data.map((t) => {
            const cart = asCart(t);
            const lines = Array.isArray(cart.lines) ? cart : null;
            return (
              <Group
                key={t._id}
                justify="space-between"
                wrap="nowrap"
                p="sm"
                style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
                data-testid="ticket"
              >
                <div style={{ minWidth: 0 }}>
                  <Text fw={600} truncate>
                    {t.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {lines ? `${itemCount(lines)} items · ${formatMoney(cartTotals(lines).total)}` : ''}
                    {t.user_name ? ` · ${t.user_name}` : ''} · {formatTime(t.created_at)}
                  </Text>
                </div>
                <Group gap={4} wrap="nowrap">
                  <Button size="sm" onClick={() => onResume(t)} disabled={!lines}>
                    Resume
                  </Button>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size={40}
                    aria-label={`Delete ${t.name}`}
                    loading={remove.isPending && remove.variables === t._id}
                    onClick={() => remove.mutate(t._id)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
              </Group>
            );
          })}
        </Stack>
      )}
    </Drawer>
  );
};
