import { hash, verify } from '@node-rs/argon2';

/** argon2id (the library's default algorithm) with its default memory and time costs. */
export const hashPassword = (password: string): Promise<string> => hash(password);

export const verifyPassword = async (passwordHash: string, password: string): Promise<boolean> => {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
};

/** Spent on unknown e-mails so a login's timing does not tell whether the account exists. */
let dummyHash: Promise<string> | undefined;
export const burnPasswordCheck = async (password: string): Promise<void> => {
  dummyHash ??= hash('not-a-real-password-Aa1!');
  await verifyPassword(await dummyHash, password);
};
