import type { ReactNode } from 'react';
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconMail, IconMapPin, IconPencil, IconPhone, IconUsers } from '@tabler/icons-react';
import type { Store } from '@ms/contracts';

/** One store in the list: what a shop owner needs to recognise it, and Edit. */
export const StoreCard = ({ store, onEdit }: { store: Store; onEdit?: (store: Store) => void }) => (
  <Card withBorder radius="md" padding="md" data-testid="store-card">
    <Stack gap={6}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text fw={700} size="lg" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {store.name}
        </Text>
        <Badge color={store.is_active ? 'teal' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
          {store.is_active ? 'Open' : 'Closed'}
        </Badge>
      </Group>
      <Detail icon={<IconMapPin size={16} />} text={store.address} empty="No address" />
      <Detail icon={<IconPhone size={16} />} text={store.phone} empty="No phone number" />
      <Detail icon={<IconMail size={16} />} text={store.email} empty="No e-mail" />
      {store.employees_count !== undefined && (
        <Detail
          icon={<IconUsers size={16} />}
          text={`${store.employees_count} ${store.employees_count === 1 ? 'person works' : 'people work'} here`}
        />
      )}
      {onEdit && (
        <Group justify="flex-end" mt={4}>
          <Button
            variant="light"
            leftSection={<IconPencil size={16} />}
            onClick={() => onEdit(store)}
            aria-label={`Edit ${store.name}`}
          >
            Edit
          </Button>
        </Group>
      )}
    </Stack>
  </Card>
);

const Detail = ({ icon, text, empty }: { icon: ReactNode; text: string | null; empty?: string }) => (
  <Group gap={8} wrap="nowrap" c={text ? undefined : 'dimmed'}>
    <span style={{ display: 'flex', color: 'var(--mantine-color-gray-6)' }} aria-hidden>
      {icon}
    </span>
    <Text size="sm" style={{ overflowWrap: 'anywhere' }} fs={text ? undefined : 'italic'}>
      {text || empty}
    </Text>
  </Group>
);
