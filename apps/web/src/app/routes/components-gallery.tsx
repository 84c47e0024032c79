import { useState, type ReactNode } from 'react';
import {
  Anchor,
  Box,
  Button,
  Card,
  Code,
  Container,
  Group,
  LoadingOverlay,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useLocation } from 'react-router';
import { ConfirmDialog, openAlert, openConfirm, ConfirmDialogHost } from '@/components/ui/confirm-dialog';
import { DebouncedSearch } from '@/components/ui/debounced-search';
import { FileUpload, type Uploader } from '@/components/ui/file-upload';
import { DateFilter, MultiSelectFilter, presetRange, type DateRange } from '@/components/ui/filter-widget';
import { ImagePicker } from '@/components/ui/image-picker';
import { IncorrectPinDialog } from '@/components/ui/incorrect-pin-dialog';
import { PinInput } from '@/components/ui/pin-input';
import { Stepper } from '@/components/ui/stepper';
import { SuccessModal } from '@/components/ui/success-modal';
import { SyncDialog, type SyncDialogState } from '@/components/ui/sync-dialog';
import { TabbedWindow } from '@/components/ui/tabbed-window';

/** /components: every shared widget of spec 000 §2.7 with its states, for developers. */

const Section = ({
  id,
  title,
  file,
  children,
}: {
  id: string;
  title: string;
  file: string;
  children: ReactNode;
}) => (
  <Card withBorder radius="md" padding="lg" id={id} component="section" aria-labelledby={`${id}-title`}>
    <Group justify="space-between" align="baseline" mb="md" gap="xs">
      <Title order={2} fz={20} id={`${id}-title`}>
        {title}
      </Title>
      <Code>components/ui/{file}</Code>
    </Group>
    {children}
  </Card>
);

const Value = ({ children }: { children: ReactNode }) => (
  <Text size="sm" c="dimmed" mt="xs">
    Value: <Code>{children}</Code>
  </Text>
);

/** The gallery is public: uploads here are pretend, so nothing reaches the server. */
const fakeUpload =
  (fail: boolean): Uploader =>
  (file) =>
    new Promise((resolve, reject) =>
      setTimeout(
        () =>
          fail
            ? reject(new Error('The upload service is not available right now.'))
            : resolve(`/files/demo/${file.name}`),
        1200,
      ),
    );

const CurrentTab = () => {
  const { search } = useLocation();
  return (
    <Text size="sm" c="dimmed">
      Each tab is a route; switching replaces the history entry. Query now: <Code>{search || '(none)'}</Code>
    </Text>
  );
};

const STORES = [
  { value: 'ikeja', label: 'Ikeja' },
  { value: 'yaba', label: 'Yaba' },
  { value: 'lekki', label: 'Lekki' },
  { value: 'surulere', label: 'Surulere' },
  { value: 'ajah', label: 'Ajah' },
];

const SECTIONS = [
  ['confirm', 'Confirm dialog'],
  ['success', 'Success modal'],
  ['loading', 'Loading overlay'],
  ['stepper', 'Stepper'],
  ['pin', 'PIN entry'],
  ['search', 'Debounced search'],
  ['filters', 'Filter widget'],
  ['upload', 'File upload'],
  ['image', 'Image picker'],
  ['tabs', 'Tabbed window'],
  ['pin-dialog', 'Incorrect PIN dialog'],
  ['sync', 'Sync dialog'],
] as const;

const ComponentsGallery = () => {
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [successOpen, setSuccessOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const [step, setStep] = useState(1);
  const [pin, setPin] = useState('');
  const [search, setSearch] = useState('');
  const [range, setRange] = useState<DateRange>(() => presetRange('Today'));
  const [stores, setStores] = useState<string[]>(['ikeja', 'yaba', 'lekki']);
  const [failUploads, setFailUploads] = useState(false);
  const [fileUrl, setFileUrl] = useState('');
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  const [pinDialog, setPinDialog] = useState<'closed' | 'wrong' | 'blocked'>('closed');
  const [sync, setSync] = useState<SyncDialogState | null>(null);
  const steps = ['Bank details', 'Confirm PIN', 'Thank you'];

  return (
    <Container size="lg" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <ConfirmDialogHost />
      <Stack gap="xs" mb="xl">
        <Group gap="sm">
          <img src="/favicon.svg" width={32} height={32} alt="" />
          <Title order={1} fz={28}>
            Components
          </Title>
        </Group>
        <Text c="dimmed">
          The shared widgets of the app (spec 000 §2.7). Each one is small, typed and lives in its own file.
        </Text>
        <Group gap="xs" mt="xs">
          {SECTIONS.map(([id, label]) => (
            <Anchor key={id} href={`#${id}`} size="sm">
              {label}
            </Anchor>
          ))}
        </Group>
      </Stack>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Section id="confirm" title="Confirm dialog" file="confirm-dialog.tsx">
          <Group>
            <Button variant="default" onClick={() => setConfirmOpen(true)}>
              Controlled dialog
            </Button>
            <Button
              color="red"
              variant="light"
              onClick={() =>
                void openConfirm({
                  title: 'Log out',
                  message: 'Do you want to log out?',
                  confirmLabel: 'Log out',
                  color: 'red',
                  onConfirm: () => new Promise((r) => setTimeout(r, 1000)),
                }).then((ok) => notifications.show({ message: ok ? 'Confirmed' : 'Cancelled' }))
              }
            >
              openConfirm()
            </Button>
            <Button
              variant="subtle"
              onClick={() => void openAlert({ title: 'Heads up', message: 'Something you should know.' })}
            >
              openAlert()
            </Button>
          </Group>
          <ConfirmDialog
            opened={confirmOpen}
            title="Remove this device?"
            message="It will be logged out and need a new code to come back."
            confirmLabel="Remove"
            color="red"
            onConfirm={() => setConfirmOpen(false)}
            onCancel={() => setConfirmOpen(false)}
          />
        </Section>

        <Section id="success" title="Success modal" file="success-modal.tsx">
          <Button onClick={() => setSuccessOpen(true)}>Show success</Button>
          <SuccessModal
            opened={successOpen}
            title="Store added"
            message="Your new store is ready for sales."
            onClose={() => setSuccessOpen(false)}
          />
        </Section>

        <Section id="loading" title="Loading overlay" file="(Mantine LoadingOverlay)">
          <Box pos="relative" p="md" bg="gray.0" style={{ borderRadius: 8 }}>
            <LoadingOverlay visible={loading} zIndex={10} overlayProps={{ blur: 1 }} />
            <Text mb="sm">Content that is being saved.</Text>
            <Button
              onClick={() => {
                setLoading(true);
                setTimeout(() => setLoading(false), 1500);
              }}
            >
              Save for 1.5 s
            </Button>
          </Box>
        </Section>

        <Section id="stepper" title="Stepper" file="stepper.tsx">
          <Stack>
            <Stepper steps={steps} current={step} completed={step === steps.length} />
            <Group>
              <Button variant="default" disabled={step === 1} onClick={() => setStep((s) => s - 1)}>
                Back
              </Button>
              <Button disabled={step === steps.length} onClick={() => setStep((s) => s + 1)}>
                Next
              </Button>
            </Group>
            <Text size="sm" c="dimmed">
              A current step past the last one throws.
            </Text>
          </Stack>
        </Section>

        <Section id="pin" title="PIN entry" file="pin-input.tsx">
          <PinInput value={pin} onChange={setPin} />
          <Value>{pin || '(empty)'}</Value>
        </Section>

        <Section id="search" title="Debounced search" file="debounced-search.tsx">
          <DebouncedSearch placeholder="Search products" onSearch={setSearch} />
          <Value>{search || '(empty)'}</Value>
          <Text size="xs" c="dimmed">
            Fires 1 s after typing stops, or at once on Enter.
          </Text>
        </Section>

        <Section id="filters" title="Filter widget" file="filter-widget.tsx">
          <Stack>
            <DateFilter value={range.preset} onChange={setRange} />
            <Value>
              {range.start} → {range.end}
            </Value>
            <MultiSelectFilter
              label="Stores"
              placeholder="All stores"
              options={STORES}
              value={stores}
              onChange={setStores}
            />
            <Value>{stores.join(', ') || '(all)'}</Value>
          </Stack>
        </Section>

        <Section id="upload" title="File upload" file="file-upload.tsx">
          <Stack>
            <Switch
              label="Make uploads fail"
              checked={failUploads}
              onChange={(e) => setFailUploads(e.currentTarget.checked)}
            />
            <FileUpload label="Proof of address" onUploaded={setFileUrl} upload={fakeUpload(failUploads)} />
            <Value>{fileUrl || '(none)'}</Value>
          </Stack>
        </Section>

        <Section id="image" title="Image picker" file="image-picker.tsx">
          <ImagePicker
            label="Business logo"
            value={imageUrl}
            onChange={setImageUrl}
            upload={fakeUpload(failUploads)}
          />
          <Value>{imageUrl ?? '(none)'}</Value>
        </Section>

        <Section id="tabs" title="Tabbed window" file="tabbed-window.tsx">
          <TabbedWindow
            tabs={[
              { label: 'Products', to: '/components?tab=products' },
              { label: 'Categories', to: '/components?tab=categories' },
              { label: 'Tags', to: '/components?tab=tags' },
            ]}
          >
            <CurrentTab />
          </TabbedWindow>
        </Section>

        <Section id="pin-dialog" title="Incorrect PIN dialog" file="incorrect-pin-dialog.tsx">
          <Group>
            <Button variant="default" onClick={() => setPinDialog('wrong')}>
              Wrong PIN
            </Button>
            <Button variant="default" color="red" onClick={() => setPinDialog('blocked')}>
              Wallet blocked
            </Button>
          </Group>
          <IncorrectPinDialog
            opened={pinDialog !== 'closed'}
            blocked={pinDialog === 'blocked'}
            message="You have 2 attempts left."
            onForgotPin={() => setPinDialog('closed')}
            onClose={() => setPinDialog('closed')}
          />
        </Section>

        <Section id="sync" title="Sync dialog" file="sync-dialog.tsx">
          <SegmentedControl
            fullWidth
            data={[
              { value: 'ongoing', label: 'Ongoing' },
              { value: 'done', label: 'Done' },
              { value: 'failed', label: 'Failed' },
              { value: 'error', label: 'Error' },
            ]}
            value={sync ?? ''}
            onChange={(v) => setSync(v as SyncDialogState)}
          />
          <SyncDialog
            opened={!!sync}
            state={sync ?? 'ongoing'}
            onRetry={() => setSync('ongoing')}
            onClose={() => setSync(null)}
          />
        </Section>
      </SimpleGrid>

      <Text ta="center" c="dimmed" size="sm" mt="xl">
        <Anchor component={Link} to="/login">
          Back to the app
        </Anchor>
      </Text>
    </Container>
  );
};

export default ComponentsGallery;
