import { ActionIcon } from '@mantine/core';
import { IconDotsVertical } from '@tabler/icons-react';
import { useDeferredDropdown } from './deferred-dropdown';

const load = () => import('./more-options-dropdown').then((m) => m.MoreOptionsDropdown);

/** Spec 000 §2.4 more-options menu: My account (admins) and Logout. The menu loads on first click. */
export const MoreOptionsMenu = ({ onLogout }: { onLogout: () => void }) => {
  const { Dropdown, focusOnMount, targetProps } = useDeferredDropdown(load, 'menu');
  const target = (
    <ActionIcon variant="subtle" color="gray" size={40} aria-label="More options" {...targetProps}>
      <IconDotsVertical size={22} />
    </ActionIcon>
  );
  return Dropdown ? <Dropdown target={target} focusOnMount={focusOnMount} onLogout={onLogout} /> : target;
};
