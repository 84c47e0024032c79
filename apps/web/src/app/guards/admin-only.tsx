import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Outlet, useNavigate } from 'react-router';
import { isAdmin, useSession } from '@/lib/session-store';

/** Routes marked (admin) in spec 000 §2.2: every other role is refused (the server refuses too). */
export const AdminOnly = () => {
  const session = useSession();
  const navigate = useNavigate();
  if (isAdmin(session)) return <Outlet />;
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <Title order={2}>Admins only</Title>
        <Text c="dimmed">
          Only an admin of this business can open this page. Ask your admin if you need access.
        </Text>
        <Button onClick={() => navigate('/dashboard')}>Go to Dashboard</Button>
      </Stack>
    </Center>
  );
};
