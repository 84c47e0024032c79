/** How the product reaches people: e-mail and SMS. Configuration picks the implementation. */
export type Notification = {
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  body: string;
  /** What it is for, e.g. device_otp, password_reset_otp, employee_invite. */
  kind: string;
  businessId?: string | null;
  meta?: Record<string, unknown>;
};

export interface NotificationProvider {
  send(notification: Notification): Promise<void>;
}
