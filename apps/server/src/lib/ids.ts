import { v7 } from 'uuid';

/** Time-ordered ids (UUIDv7), the same kind a device makes for records it creates offline. */
export const newId = (): string => v7();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);
