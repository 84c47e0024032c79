/** "1554 480 423": an account number grouped as it is read aloud at the counter. */
export const spacedAccountNumber = (n: string) => `${n.slice(0, 4)} ${n.slice(4, 7)} ${n.slice(7)}`;
