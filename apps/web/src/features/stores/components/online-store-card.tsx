import { Card, Group, Switch, Text, ThemeIcon } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconWorld } from '@tabler/icons-react';
import { useSession } from '@/lib/session-store';
import { useToggleOnlineStore } from '../api/stores';

/** The business's online store on/off switch (spec 000 §4 "Online store can be toggled"). Admins only. */
export const OnlineStoreCard = () => {
  const session = useSession();
  const toggle = useToggleOnlineStore();
  if (!session) return null;
  const enabled = session.business.online_store_enabled;
  return (
    <Card withBorder radius="md" padding="md">
      <Group wrap="nowrap" gap="md" align="flex-start">
        <ThemeIcon size={40} radius="md" variant="light" color={enabled ? 'teal' : 'gray'}>
          <IconWorld size={22} />
        </ThemeIcon>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600}>Online store</Text>
          <Text size="sm" c="dimmed">
            {enabled
              ? 'On: customers can see your catalogue and place orders online.'
              : 'Off: your catalogue is not shown online and no online orders come in.'}
          </Text>
        </div>
        <Switch
          size="lg"
          checked={enabled}
          disabled={toggle.isPending}
          aria-label="Online store"
          onChange={() =>
            toggle.mutate(session.business._id, {
              onSuccess: ({ online_store_enabled }) =>
                notifications.show({
                  color: 'teal',
                  message: online_store_enabled ? 'Online store turned on' : 'Online store turned off',
                }),
            })
          }
        />
      </Group>
    </Card>
  );
};
