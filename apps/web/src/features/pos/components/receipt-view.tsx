import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Paper as Sheet,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconMail, IconPrinter } from '@tabler/icons-react';
import type { Sale } from '@ms/contracts';
import { useUploadState } from '@/offline';
import { useSession } from '@/lib/session-store';
import { isSavedOnDevice, useEmailReceipt } from '../api/sales';
import { PAPERS, ReceiptBody, ReceiptPrintRoot, type Paper } from './receipt';

const PAPER_KEY = 'ms.pos.paper';
const savedPaper = (): Paper => {
  const v = localStorage.getItem(PAPER_KEY);
  return v === '58' || v === '80' || v === 'a4' ? v : '80';
};

/** The receipt with Print (paper size remembered) and E-mail. */
export const ReceiptView = ({ sale, customerEmail }: { sale: Sale; customerEmail?: string | null }) => {
  const session = useSession();
  const [paper, setPaper] = useState<Paper>(savedPaper);
  const [email, setEmail] = useState(customerEmail ?? '');
  const send = useEmailReceipt();
  const businessName = session?.business.name ?? '';
  const local = isSavedOnDevice(sale);
  // A receipt made on this device follows its sale: once uploaded, the server's receipt.
  const upload = useUploadState(session?.business._id, 'pos', local ? sale._id : null);
  const landed = upload?.state === 'uploaded' ? (upload.data as unknown as Sale) : null;
  const shown = landed ?? sale;
  return (
    <Stack gap="sm">
      {local &&
        (landed ? (
          <Alert color="teal" title="Uploaded" data-testid="saved-on-device">
            This sale is on the server now: receipt number {landed.receipt_number}.
          </Alert>
        ) : upload?.state === 'rejected' ? (
          <Alert color="red" title="The server refused this sale" data-testid="saved-on-device">
            {upload.reason} Receipt reference {sale.receipt_number}.
          </Alert>
        ) : (
          <Alert color="blue" title="Saved on this device" data-testid="saved-on-device">
            It will upload when you are back online. Receipt reference {sale.receipt_number}.
          </Alert>
        ))}
      <Group gap="xs" wrap="wrap">
        <SegmentedControl
          aria-label="Paper"
          value={paper}
          onChange={(v) => {
            setPaper(v as Paper);
            localStorage.setItem(PAPER_KEY, v);
          }}
          data={PAPERS.map((p) => ({ value: p.value, label: p.label }))}
        />
        <Button leftSection={<IconPrinter size={18} />} size="md" onClick={() => window.print()}>
          Print
        </Button>
      </Group>
      <Sheet
        withBorder
        p="md"
        radius="sm"
        style={{ overflowX: 'auto', display: 'flex', justifyContent: 'center' }}
      >
        <ReceiptBody sale={shown} businessName={businessName} paper={paper} />
      </Sheet>
      {(!local || landed) && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (email.trim()) send.mutate({ saleId: shown._id, email: email.trim() });
          }}
        >
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label="E-mail receipt"
              type="email"
              placeholder="customer@example.com"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              size="md"
              style={{ flex: 1 }}
            />
            <Button
              type="submit"
              variant="light"
              size="md"
              leftSection={<IconMail size={18} />}
              loading={send.isPending}
              disabled={!email.trim()}
            >
              Send
            </Button>
          </Group>
        </form>
      )}
      {send.isSuccess && (
        <Text c="green.9" size="sm">
          Receipt sent to {send.data.sent_to}.
        </Text>
      )}
      {send.isError && <Alert color="red">{send.error.message}</Alert>}
      <ReceiptPrintRoot sale={shown} businessName={businessName} paper={paper} />
    </Stack>
  );
};
