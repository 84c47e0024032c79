import type { ReactNode } from 'react';
import { Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconDevices, IconShieldCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSession } from '@/lib/session-store';
import { useDevices } from '../api/security';
import { SecurityHeader } from '../components/security-header';

const Entry = ({
  to,
  icon,
  title,
  status,
  children,
}: {
  to: string;
  icon: ReactNode;
  title: string;
  status?: ReactNode;
  children: ReactNode;
}) => (
  <UnstyledButton component={Link} to={to} style={{ display: 'block' }}>
    <Card withBorder padding="lg" radius="md" h="100%">
      <Group wrap="nowrap" align="flex-start" gap="md">
        <ThemeIcon size={44} radius="md" variant="light" style={{ flex: 'none' }}>
          {icon}
        </ThemeIcon>
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={700} size="lg">
              {title}
            </Text>
            {status}
          </Group>
          <Text c="dimmed" size="sm">
            {children}
          </Text>
        </Stack>
        <IconChevronRight
          size={20}
          color="var(--mantine-color-gray-5)"
          aria-hidden
          style={{ flex: 'none', alignSelf: 'center' }}
        />
      </Group>
    </Card>
  </UnstyledButton>
);

/** /security (admin): device approval at a glance, and the way to devices and the OTP setting. */
const SecurityPage = () => {
  const session = useSession();
  const devices = useDevices();
  const on = !!session?.business.require_device_otp;
  const waiting = devices.data?.filter((d) => !d.whitelisted).length ?? 0;

  return (
    <>
      <SecurityHeader
        back={false}
        title="Security"
        description="Choose who can open your business, and from which phones and computers."
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" maw={1000}>
        <Entry
          to="/security/otptoggle"
          icon={<IconShieldCheck size={24} />}
          title="Device approval"
          status={
            <Badge color={on ? 'teal' : 'orange'} variant="light">
              {on ? 'On' : 'Off'}
            </Badge>
          }
        >
          {on
            ? 'A new phone or computer needs a code we e-mail to the person logging in.'
            : 'Anyone with a password can log in from any phone or computer. Turn this on to be safer.'}
        </Entry>
        <Entry
          to="/security/devices"
          icon={<IconDevices size={24} />}
          title="Devices"
          status={
            devices.data ? (
              <Badge color="gray" variant="light">
                {devices.data.length}
              </Badge>
            ) : null
          }
        >
          {waiting > 0
            ? `${waiting} waiting for a code. See every device that can open your business and remove the ones you do not know.`
            : 'See every phone and computer that can open your business, and remove the ones you do not know.'}
        </Entry>
      </SimpleGrid>
    </>
  );
};

export default SecurityPage;
