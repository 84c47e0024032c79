import { Notifications } from '@mantine/notifications';
import { TOAST_TIMEOUT_MS } from '@ms/contracts';
import { TOAST_LIMIT, TOAST_POSITION } from './toast-options';

/** Mantine's toast list; loaded by Providers when the first toast is queued. */
const Toasts = () => (
  <Notifications position={TOAST_POSITION} autoClose={TOAST_TIMEOUT_MS} limit={TOAST_LIMIT} />
);

export default Toasts;
