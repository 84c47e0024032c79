import { Anchor, Group, Text } from '@mantine/core';
import { appNavigate } from '@/lib/app-navigation';
import { sessionStore, useSavedUsers } from '@/lib/session-store';

/**
 * On Login while other users stay saved (the switcher's "add account"): a way back to one of them
 * without typing a password.
 */
export const SavedUsersBack = () => {
  const saved = Object.values(useSavedUsers()).slice(0, 3);
  if (saved.length === 0) return null;
  return (
    <Group justify="center" gap={6} mt="sm">
      <Text size="sm" c="dimmed">
        Or go back to
      </Text>
      {saved.map((s, i) => (
        <Anchor
          key={s.userData._id}
          component="button"
          type="button"
          size="sm"
          fw={600}
          onClick={() => {
            if (sessionStore.switchTo(s.userData._id)) void appNavigate('/dashboard', { replace: true });
          }}
        >
          {s.userData.name}
          {i < saved.length - 1 ? ',' : ''}
        </Anchor>
      ))}
    </Group>
  );
};
