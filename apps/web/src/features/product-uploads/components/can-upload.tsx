import type { ReactNode } from 'react';
import { Alert, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { hasPermission, useSession } from '@/lib/session-store';

/** Bulk upload creates products: only roles allowed to create products see it (the server refuses too). */
export const CanUpload = ({ children }: { children: ReactNode }) => {
  const session = useSession();
  if (hasPermission(session, 'catalogue.create_product')) return <>{children}</>;
  return (
    <Alert color="gray" icon={<IconLock size={18} />} title="You cannot upload products">
      <Text size="sm">
        Your role is not allowed to create products. Ask your admin to give your role the “Create products”
        permission.
      </Text>
    </Alert>
  );
};
