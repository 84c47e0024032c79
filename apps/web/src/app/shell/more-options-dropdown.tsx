import { Menu } from '@mantine/core';
import { IconLogout, IconUser } from '@tabler/icons-react';
import { appNavigate } from '@/lib/app-navigation';
import { isAdmin, useSession } from '@/lib/session-store';
import { useOpenOnMount, type DeferredDropdownProps } from './deferred-dropdown';
import { pathOfRoute } from './nav/nav-entries';

/** The more-options menu itself (see more-options-menu.tsx): My account (admins) and Logout. */
export const MoreOptionsDropdown = ({
  onLogout,
  ...deferred
}: DeferredDropdownProps & { onLogout: () => void }) => {
  const session = useSession();
  const { opened, setOpened, target } = useOpenOnMount(deferred);
  const myAccount = isAdmin(session) ? pathOfRoute('CompanyInfo') : undefined;
  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-end" width={200} shadow="md">
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        {myAccount && (
          <Menu.Item leftSection={<IconUser size={18} />} onClick={() => void appNavigate(myAccount)}>
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
