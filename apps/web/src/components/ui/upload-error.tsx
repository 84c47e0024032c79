import { Group, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** The message under an upload widget when a file is refused or fails to upload. */
export const UploadError = ({ id, message }: { id: string; message: string | null }) =>
  message ? (
    <Group gap={4} c="red.7" id={id} role="alert">
      <IconAlertCircle size={16} aria-hidden />
      <Text size="sm">{message}</Text>
    </Group>
  ) : null;
