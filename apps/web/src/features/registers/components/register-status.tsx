import { Badge, Button, Group, Loader, Text } from '@mantine/core';
import { IconCashRegister } from '@tabler/icons-react';
import { formatMoney, type Register } from '@ms/contracts';
import { Link } from 'react-router';
import { useSession } from '@/lib/session-store';
import { useCanOperateRegisters, useRegisters } from '../api/registers';
import { OpenRegisterDialog } from './register-dialogs';
import { useState } from 'react';

/**
 * The register the POS takes cash into in this store: the open one operated (or opened) by the
 * user, else the most recently opened one (the server picks the same). `closed` is the register to
 * offer to open when none is open.
 */
export const useOpenRegister = (storeId: string | null) => {
  const userId = useSession()?.user._id;
  const query = useRegisters(storeId, !!storeId);
  const registers = storeId ? (query.data ?? []) : [];
  const open = registers
    .filter((r) => r.session)
    .sort(
      (a, b) =>
        Number(b.session!.operator_id === userId) - Number(a.session!.operator_id === userId) ||
        Number(b.session!.opened_by === userId) - Number(a.session!.opened_by === userId) ||
        b.session!.opened_at.localeCompare(a.session!.opened_at),
    );
  const register: Register | null = open[0] ?? null;
  return {
    register,
    isOpen: !!register,
    closed: registers.find((r) => !r.session) ?? null,
    registers,
    isPending: !!storeId && query.isPending,
    error: query.data ? null : query.error,
    refetch: query.refetch,
  };
};

/** A small badge for the POS: the open register and its expected cash, or "Open register". */
export const RegisterStatus = ({ storeId }: { storeId: string | null }) => {
  const { register, closed, isPending, error } = useOpenRegister(storeId);
  const canOperate = useCanOperateRegisters();
  const [opening, setOpening] = useState<Register | null>(null);
  if (!storeId) return null;
  if (isPending) return <Loader size="xs" aria-label="Checking the register" />;
  if (error)
    return (
      <Text size="sm" c="red">
        Could not check the register
      </Text>
    );
  if (register)
    return (
      <Badge
        component={Link}
        to={`/registers-details?id=${register.id}`}
        color="teal"
        variant="light"
        size="lg"
        style={{ cursor: 'pointer', textTransform: 'none' }}
        leftSection={<IconCashRegister size={14} />}
      >
        {register.name} open · {formatMoney(register.expected_cash ?? 0)}
      </Badge>
    );
  return (
    <Group gap={6} wrap="nowrap">
      <Badge color="gray" variant="light" size="lg" style={{ textTransform: 'none' }}>
        Register closed
      </Badge>
      {canOperate && closed && (
        <Button size="xs" leftSection={<IconCashRegister size={14} />} onClick={() => setOpening(closed)}>
          Open register
        </Button>
      )}
      <OpenRegisterDialog register={opening} onClose={() => setOpening(null)} />
    </Group>
  );
};
