import { v7 } from 'uuid';

/** A uuid v7 made on the device: the id of a sale or ticket (time-ordered, idempotency key). */
export const newDeviceId = (): string => {
  try {
    return v7();
  } catch {
    return crypto.randomUUID();
  }
};
