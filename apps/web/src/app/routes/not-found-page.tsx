import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconMapQuestion } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';

/** Any unknown address inside the app. */
const NotFoundPage = () => {
  const { pathname } = useLocation();
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" ta="center" maw={440} gap="sm">
        <IconMapQuestion size={56} color="var(--mantine-color-gray-5)" aria-hidden />
        <Title order={1} size="h2">
          Page not found
        </Title>
        <Text c="dimmed">
          There is no page at{' '}
          <Text span ff="monospace">
            {pathname}
          </Text>
          . It may have moved, or this part of the app is not ready yet.
        </Text>
        <Button component={Link} to="/dashboard" size="md">
          Go to Dashboard
        </Button>
      </Stack>
    </Center>
  );
};

export default NotFoundPage;
