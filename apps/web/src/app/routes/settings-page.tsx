import {
  Card,
  Group,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import {
  IconBuildingBank,
  IconLock,
  IconBuildingStore,
  IconChevronRight,
  IconCreditCardPay,
  IconLayoutGrid,
  IconLayoutList,
  IconRefresh,
  IconShieldLock,
  IconSquarePlus,
  IconUser,
  IconUserCog,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { isAdmin, useSession } from '@/lib/session-store';
import { pathOfRoute } from '../shell/nav/nav-entries';
import { setSidebarVariant, useSidebarVariant, type SidebarVariant } from '../shell/sidebar-variant';

type Entry = { route: string; label: string; description: string; icon: Icon; adminOnly?: boolean };

const ENTRIES: Entry[] = [
  {
    route: 'CompanyInfo',
    label: 'My account',
    description: 'Business name, contact details and logo',
    icon: IconUser,
    adminOnly: true,
  },
  {
    route: 'AllStores',
    label: 'All stores',
    description: 'See and edit your shops',
    icon: IconBuildingStore,
  },
  { route: 'AddStore', label: 'Add store', description: 'Open another shop location', icon: IconSquarePlus },
  {
    route: 'UserRoles',
    label: 'User roles',
    description: 'Your staff, their roles and stores',
    icon: IconUsersGroup,
    adminOnly: true,
  },
  {
    route: 'ExistingRoles',
    label: 'Existing roles',
    description: 'What each role is allowed to do',
    icon: IconUserCog,
    adminOnly: true,
  },
  {
    route: 'PaymentMethod',
    label: 'Payment methods',
    description: 'How customers can pay at the till',
    icon: IconCreditCardPay,
    adminOnly: true,
  },
  {
    route: 'AddAccount',
    label: 'Bank account',
    description: 'The accounts your money can be paid out to',
    icon: IconBuildingBank,
    adminOnly: true,
  },
  {
    route: 'SettlementAccount',
    label: 'Settlement preference',
    description: 'Which account payouts go to, and your transaction PIN',
    icon: IconLock,
    adminOnly: true,
  },
  {
    route: 'SalesAgent',
    label: 'Sales agents',
    description: 'Agents who bring customers, and the code the till asks for',
    icon: IconUsers,
    adminOnly: true,
  },
  {
    route: 'SyncSettings',
    label: 'Sync settings',
    description: 'How often this device syncs each kind of record',
    icon: IconRefresh,
  },
  {
    route: 'Security',
    label: 'Security',
    description: 'Approved devices and login codes',
    icon: IconShieldLock,
    adminOnly: true,
  },
];

const VARIANTS: { value: SidebarVariant; label: string; description: string; icon: Icon }[] = [
  {
    value: 'searchable',
    label: 'List with search',
    description: 'Sections of links and a box to find a page by name.',
    icon: IconLayoutList,
  },
  {
    value: 'rail',
    label: 'Icons and groups',
    description: 'Big buttons for the pages you use most, the rest in groups.',
    icon: IconLayoutGrid,
  },
];

/** Spec 000 §2.3 AppSettings: the settings that exist today and how the menu looks. */
const SettingsPage = () => {
  const session = useSession();
  const admin = isAdmin(session);
  const variant = useSidebarVariant();
  const entries = ENTRIES.flatMap((e) => {
    const to = pathOfRoute(e.route);
    return to && (!e.adminOnly || admin) ? [{ ...e, to }] : [];
  });

  return (
    <Stack maw={820} mx="auto" gap="lg">
      <div>
        <Title order={1} size="h2">
          Settings
        </Title>
        <Text c="dimmed">Manage your business, shops and staff.</Text>
      </div>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {entries.map((e) => (
          <UnstyledButton key={e.route} component={Link} to={e.to} aria-label={e.label}>
            <Card withBorder padding="md" radius="md" h="100%">
              <Group wrap="nowrap" gap="md">
                <ThemeIcon size={44} radius="md" variant="light" color="teal">
                  <e.icon size={24} />
                </ThemeIcon>
                <div style={{ flex: 1, minWidth: 0 }}>
                  <Text fw={600}>{e.label}</Text>
                  <Text size="sm" c="dimmed">
                    {e.description}
                  </Text>
                </div>
                <IconChevronRight size={18} color="var(--mantine-color-gray-5)" aria-hidden />
              </Group>
            </Card>
          </UnstyledButton>
        ))}
      </SimpleGrid>

      <Paper withBorder p="md" radius="md">
        <Radio.Group
          value={variant}
          onChange={(v) => setSidebarVariant(v as SidebarVariant)}
          label={
            <Text fw={600} component="span">
              Menu style
            </Text>
          }
          description="How the side menu looks on this device."
        >
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mt="sm">
            {VARIANTS.map((v) => (
              <Radio.Card key={v.value} value={v.value} p="md" radius="md">
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Radio.Indicator />
                  <div>
                    <Group gap={6} wrap="nowrap">
                      <v.icon size={18} aria-hidden />
                      <Text fw={600}>{v.label}</Text>
                    </Group>
                    <Text size="sm" c="dimmed">
                      {v.description}
                    </Text>
                  </div>
                </Group>
              </Radio.Card>
            ))}
          </SimpleGrid>
        </Radio.Group>
      </Paper>
    </Stack>
  );
};

export default SettingsPage;
