import { Badge, Loader } from '@mantine/core';
import { IconCloudCheck } from '@tabler/icons-react';

/** "Ready offline" once the till can sell without the network; until then, that it is getting ready. */
export const TillReadiness = ({ ready }: { ready: boolean }) => (
  <Badge
    data-testid="till-readiness"
    variant="light"
    color={ready ? 'teal' : 'gray'}
    size="lg"
    style={{ textTransform: 'none' }}
    leftSection={ready ? <IconCloudCheck size={14} aria-hidden /> : <Loader size={10} aria-hidden />}
    title={
      ready
        ? 'This till keeps selling if the network drops: sales are saved on this device and uploaded later.'
        : 'Saving the products, customers and screens this till needs to sell without the network.'
    }
  >
    {ready ? 'Ready offline' : 'Getting ready for offline…'}
  </Badge>
);
