import { Avatar, Group, Menu, Stack, Text } from '@mantine/core';
import { IconCheck, IconUserPlus } from '@tabler/icons-react';
import { useSwitchUser } from '@/features/accounts';
import { appNavigate } from '@/lib/app-navigation';
import { queryClient } from '@/lib/query-client';
import { sessionStore, useSavedUsers, useSession } from '@/lib/session-store';
import { useOpenOnMount, type DeferredDropdownProps } from './deferred-dropdown';
import { initialsOf } from './user-initials';

/** The user switcher's menu (see user-switcher.tsx): who is signed in, the other saved users, add one. */
export const UserSwitcherDropdown = (deferred: DeferredDropdownProps) => {
  const session = useSession();
  const saved = useSavedUsers();
  const switchUser = useSwitchUser();
  const { opened, setOpened, target } = useOpenOnMount(deferred);
  if (!session) return null;
  const me = session.user;
  const others = Object.values(saved).filter((s) => s.userData._id !== me._id);

  const addAccount = () => {
    // Keep every saved login; with nobody current the Login page opens and adds one more.
    sessionStore.detachCurrent();
    queryClient.clear();
    void appNavigate('/login');
  };

  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-end" width={290} shadow="md" withinPortal>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Signed in as</Menu.Label>
        <Group gap="sm" px="sm" py={6} wrap="nowrap">
          <Avatar color="teal" radius="xl" size={36}>
            {initialsOf(me.first_name, me.last_name, me.name)}
          </Avatar>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} truncate>
              {me.name}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {session.business.name} · <span style={{ textTransform: 'capitalize' }}>{me.role}</span>
            </Text>
          </Stack>
          <IconCheck
            size={16}
            color="var(--mantine-color-teal-6)"
            style={{ marginLeft: 'auto', flexShrink: 0 }}
          />
        </Group>
        {others.length > 0 && (
          <>
            <Menu.Divider />
            <Menu.Label>Switch to</Menu.Label>
            {others.map((s) => (
              <Menu.Item
                key={s.userData._id}
                onClick={() => void switchUser(s.userData._id)}
                leftSection={
                  <Avatar color="gray" radius="xl" size={32}>
                    {initialsOf(s.userData.first_name, s.userData.last_name, s.userData.name)}
                  </Avatar>
                }
              >
                <Text size="sm" fw={600} truncate>
                  {s.userData.name}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {s.businessData.name}
                </Text>
              </Menu.Item>
            ))}
          </>
        )}
        <Menu.Divider />
        <Menu.Item leftSection={<IconUserPlus size={18} />} onClick={addAccount}>
          Add another account
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
};
