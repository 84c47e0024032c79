import { ActionIcon, Menu } from '@mantine/core';
import { IconDotsVertical, IconLogout, IconUser } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { isAdmin, useSession } from '@/lib/session-store';
import { pathOfRoute } from './nav/nav-entries';

/** Spec 000 §2.4 more-options menu: My account (admins) and Logout. */
export const MoreOptionsMenu = ({ onLogout }: { onLogout: () => void }) => {
  const session = useSession();
  const navigate = useNavigate();
  const myAccount = isAdmin(session) ? pathOfRoute('CompanyInfo') : undefined;
  return (
    <Menu position="bottom-end" width={200} shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size={40} aria-label="More options">
          <IconDotsVertical size={22} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {myAccount && (
          <Menu.Item leftSection={<IconUser size={18} />} onClick={() => void navigate(myAccount)}>
            My account
          </Menu.Item>
        )}
        <Menu.Item color="red.9" leftSection={<IconLogout size={18} />} onClick={onLogout}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
};
