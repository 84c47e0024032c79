import { Avatar, UnstyledButton } from '@mantine/core';
import { useSession } from '@/lib/session-store';
import { useDeferredDropdown } from './deferred-dropdown';
import { initialsOf } from './user-initials';

const load = () => import('./user-switcher-dropdown').then((m) => m.UserSwitcherDropdown);

/**
 * Spec 000 §2.4: the current user's initials; opens the list of saved users to switch between
 * (that menu loads on first click).
 */
export const UserSwitcher = () => {
  const session = useSession();
  const { Dropdown, focusOnMount, targetProps } = useDeferredDropdown(load, 'menu');
  if (!session) return null;
  const me = session.user;
  const target = (
    <UnstyledButton
      aria-label={`Switch user (signed in as ${me.name})`}
      p={4}
      style={{ borderRadius: 999 }}
      {...targetProps}
    >
      <Avatar color="teal" radius="xl" size={36} data-testid="user-initials">
        {initialsOf(me.first_name, me.last_name, me.name)}
      </Avatar>
    </UnstyledButton>
  );
  return Dropdown ? <Dropdown target={target} focusOnMount={focusOnMount} /> : target;
};
