import { useState } from 'react';
import { ActionIcon, Button, Card, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { OnlineStore } from '@ms/contracts';
import { useUpdateOnlineStore } from '../api/online-store';

type Zone = { key: string; _id?: string; name: string; fee: number | '' };

const MAX_ZONES = 30;
let keys = 0;
const zonesOf = (s: OnlineStore): Zone[] =>
  s.delivery_zones.map((z) => ({ key: z._id, _id: z._id, name: z.name, fee: z.fee }));
const same = (a: Zone[], b: Zone[]) =>
  a.length === b.length &&
  a.every((z, i) => z._id === b[i]?._id && z.name.trim() === b[i]?.name && z.fee === b[i]?.fee);

/** Where the shop delivers and what each area costs; shoppers pick one at checkout. */
export const DeliveryZonesCard = ({ shop }: { shop: OnlineStore }) => {
  const update = useUpdateOnlineStore();
  const saved = zonesOf(shop);
  const [zones, setZones] = useState<Zone[]>(saved);
  const change = (key: string, patch: Partial<Zone>) =>
    setZones((list) => list.map((z) => (z.key === key ? { ...z, ...patch } : z)));
  const invalid = zones.some((z) => !z.name.trim() || z.fee === '' || z.fee < 0);
  const dirty = !same(zones, saved);

  const save = () =>
    update.mutate(
      {
        delivery_zones: zones.map((z) => ({
          ...(z._id ? { _id: z._id } : {}),
          name: z.name.trim(),
          fee: z.fee === '' ? 0 : z.fee,
        })),
      },
      {
        onSuccess: (next) => {
          setZones(zonesOf(next));
          notifications.show({ color: 'teal', message: 'Delivery fees saved' });
        },
      },
    );

  return (
    <Card withBorder radius="md" padding="md" data-testid="delivery-zones">
      <Stack gap="sm">
        <div>
          <Text fw={700} size="lg">
            Delivery fees
          </Text>
          <Text size="sm" c="dimmed">
            The areas you deliver to and what delivery costs there. Shoppers choose their area at checkout.
          </Text>
        </div>
        {zones.length === 0 && (
          <Text size="sm" c="dimmed">
            No delivery areas yet: shoppers can only pick up, or you add the fee to each order.
          </Text>
        )}
        {zones.map((z, i) => (
          <Group key={z.key} gap="xs" wrap="nowrap" align="flex-end" data-testid="zone-row">
            <TextInput
              label={i === 0 ? 'Area' : undefined}
              aria-label="Area"
              placeholder="e.g. Lekki"
              value={z.name}
              onChange={(e) => change(z.key, { name: e.currentTarget.value })}
              maxLength={60}
              size="md"
              style={{ flex: 2, minWidth: 0 }}
            />
            <NumberInput
              label={i === 0 ? 'Fee (₦)' : undefined}
              aria-label="Fee (₦)"
              min={0}
              decimalScale={2}
              thousandSeparator=","
              value={z.fee}
              onChange={(v) =>
                change(z.key, { fee: typeof v === 'number' ? v : v === '' ? '' : Number(v) || 0 })
              }
              size="md"
              hideControls
              style={{ flex: 1, minWidth: 90 }}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size={42}
              aria-label={`Remove ${z.name || 'this area'}`}
              onClick={() => setZones((list) => list.filter((x) => x.key !== z.key))}
            >
              <IconTrash size={20} />
            </ActionIcon>
          </Group>
        ))}
        <Group justify="space-between" gap="sm">
          <Button
            variant="default"
            size="md"
            leftSection={<IconPlus size={16} />}
            disabled={zones.length >= MAX_ZONES}
            onClick={() => setZones((list) => [...list, { key: `new-${++keys}`, name: '', fee: '' }])}
          >
            Add an area
          </Button>
          <Button size="md" onClick={save} loading={update.isPending} disabled={!dirty || invalid}>
            Save fees
          </Button>
        </Group>
      </Stack>
    </Card>
  );
};
