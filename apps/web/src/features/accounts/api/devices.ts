import { useQuery } from '@tanstack/react-query';
import type { Device } from '@ms/contracts';
import { api } from '@/lib/api-client';

/** GET /v1/auth/merchant/devices (admin): the business's devices that are not removed. */
export const devicesKey = ['accounts', 'devices'] as const;

export const fetchDevices = () => api.get<Device[]>('/v1/auth/merchant/devices');

export const useDevices = () => useQuery({ queryKey: devicesKey, queryFn: fetchDevices });
