import { hash, verify } from '@node-rs/argon2';

/** Transaction PINs are kept as passwords are: argon2id, never the digits. */
export const hashPin = (pin: string): Promise<string> => hash(pin);

export const verifyPin = async (pinHash: string, pin: string): Promise<boolean> => {
  try {
    return await verify(pinHash, pin);
  } catch {
    return false;
  }
};
