import { Anchor } from '@mantine/core';

/** "Resend code" as a link-styled button, disabled while the new code is on its way. */
export const ResendCodeLink = ({
  onClick,
  sending,
  sendingText = 'Sending…',
}: {
  onClick: () => void;
  sending: boolean;
  sendingText?: string;
}) => (
  <Anchor component="button" type="button" size="sm" fw={600} onClick={onClick} disabled={sending}>
    {sending ? sendingText : 'Resend code'}
  </Anchor>
);
