import { useEffect, useState } from 'react';
import { Alert, Button, Modal, Stack, TextInput } from '@mantine/core';
import { useTicketMutations } from '../api/sales';
import type { Cart } from '../lib/cart';
import { newDeviceId } from '../lib/ids';
import { formatTime } from '@/lib/date-time';

const defaultTicketName = (cart: Cart) => {
  const time = formatTime(new Date());
  return cart.customer ? `${cart.customer.name} ${time}` : `Ticket ${time}`;
};

/** "Park this cart": saves the cart as a named ticket (its name starts as the customer or the time). */
export const ParkDialog = ({
  opened,
  cart,
  onClose,
  onParked,
}: {
  opened: boolean;
  cart: Cart;
  onClose: () => void;
  onParked: () => void;
}) => {
  const { save } = useTicketMutations();
  const [name, setName] = useState('');
  useEffect(() => {
    if (opened) setName(defaultTicketName(cart));
    // Only when the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);
  return (
    <Modal opened={opened} onClose={onClose} title="Park this cart" size="sm">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!cart.store_id || !name.trim()) return;
          const { ticket_id: _t, ...rest } = cart;
          save.mutate(
            {
              _id: cart.ticket_id ?? newDeviceId(),
              store_id: cart.store_id,
              name: name.trim(),
              cart: rest as unknown as Record<string, unknown>,
            },
            { onSuccess: onParked },
          );
        }}
      >
        <Stack>
          <TextInput
            label="Ticket name"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={80}
            required
            data-autofocus
            size="md"
          />
          {save.isError && <Alert color="red">{save.error.message}</Alert>}
          <Button type="submit" size="md" loading={save.isPending}>
            Park
          </Button>
        </Stack>
      </form>
    </Modal>
  );
};
