import { useId, useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Loader,
  Select,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconCircleCheck, IconDownload, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/lib/route-paths';
import { useFilePicker } from '@/components/ui/file-upload';
import { UploadError } from '@/components/ui/upload-error';
import { useMyStores } from '@/features/stores';
import { useUploadBatch, useUploadProducts } from '../api/product-uploads';
import { BatchProgress } from '../components/batch-progress';
import { count, isRunning } from '../components/batch-status';
import { ColumnsHelp } from '../components/columns-help';
import { CanUpload } from '../components/can-upload';
import { FILE_ACCEPT, fileProblem, fileSize } from '../lib/file-check';
import { failedRowsPath } from '../lib/paths';
import { downloadTemplate, downloadVariantTemplate } from '../lib/template';
import { LoadError } from '@/components/ui/query-states';

/**
 * /bulk-products-upload: download the template, choose a CSV or XLSX and the store for opening
 * stock, upload; then follow the batch's progress bar until every row is processed.
 */
const BulkUploadPage = () => (
  <Stack maw={760} mx="auto" gap="md">
    <div>
      <Title order={1} size="h2">
        Bulk upload products
      </Title>
      <Text c="dimmed">Add many products at once from a spreadsheet (CSV or Excel .xlsx).</Text>
    </div>
    <CanUpload>
      <UploadFlow />
    </CanUpload>
  </Stack>
);

const UploadFlow = () => {
  const [params, setParams] = useSearchParams();
  const batchParam = Number(params.get('batch'));
  const batchNumber = Number.isInteger(batchParam) && batchParam > 0 ? batchParam : null;
  return batchNumber ? (
    <BatchFollow batchNumber={batchNumber} onAnother={() => setParams({})} />
  ) : (
    <UploadForm onUploaded={(n) => setParams({ batch: String(n) })} />
  );
};

const UploadForm = ({ onUploaded }: { onUploaded: (batchNumber: number) => void }) => {
  const stores = useMyStores();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [storeChoice, setStoreChoice] = useState<string | null | undefined>(undefined);
  const upload = useUploadProducts();
  const errorId = useId();
  const { input, open, dragging, dropProps } = useFilePicker(FILE_ACCEPT, (picked) => {
    if (!picked) return;
    const why = fileProblem(picked);
    setProblem(why);
    setFile(why ? null : picked);
    upload.reset();
  });
  const storeOptions = (stores.data ?? []).map((s) => ({ value: s.id, label: s.name }));
  // Until the owner picks, opening stock goes to their first store.
  const storeId = storeChoice === undefined ? (storeOptions[0]?.value ?? null) : storeChoice;

  const submit = () => {
    if (!file) {
      setProblem('Choose the file to upload first.');
      return;
    }
    upload.mutate({ file, storeId }, { onSuccess: (batch) => onUploaded(batch.batch_number) });
  };

  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <Text fw={700}>1. Get the template</Text>
          <Text size="sm" c="dimmed">
            Fill one product per row in Excel or Google Sheets, then save it as CSV or .xlsx.
          </Text>
          <Group>
            <Button variant="light" leftSection={<IconDownload size={18} />} onClick={downloadTemplate}>
              Download template
            </Button>
            <Button
              variant="subtle"
              leftSection={<IconDownload size={18} />}
              onClick={downloadVariantTemplate}
            >
              Template with variants
            </Button>
          </Group>
          <ColumnsHelp />
        </Stack>
      </Card>

      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <Text fw={700}>2. Choose your file</Text>
          {input}
          <UnstyledButton
            onClick={open}
            aria-describedby={problem ? errorId : undefined}
            aria-label={
              file ? `Chosen file ${file.name}. Tap to choose another` : 'Choose a CSV or Excel file'
            }
            {...dropProps}
            style={{
              border: `2px dashed var(--mantine-color-${problem ? 'red-5' : dragging ? 'teal-6' : 'gray-4'})`,
              borderRadius: 'var(--mantine-radius-md)',
              background: dragging ? 'var(--mantine-color-teal-0)' : 'var(--mantine-color-gray-0)',
              padding: 'var(--mantine-spacing-md)',
            }}
          >
            <Group gap="md" wrap="nowrap">
              {file ? (
                <IconCircleCheck size={28} color="var(--mantine-color-teal-7)" aria-hidden />
              ) : (
                <IconFileSpreadsheet size={28} color="var(--mantine-color-gray-6)" aria-hidden />
              )}
              <div style={{ minWidth: 0 }}>
                <Text fw={600} truncate>
                  {file ? file.name : 'Tap to choose a file'}
                </Text>
                <Text size="sm" c="dimmed">
                  {file
                    ? `${fileSize(file.size)} · tap to choose another`
                    : 'CSV or Excel (.xlsx), up to 10MB'}
                </Text>
              </div>
            </Group>
          </UnstyledButton>
          <UploadError id={errorId} message={problem} />
        </Stack>
      </Card>

      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <Text fw={700}>3. Where does the opening stock go?</Text>
          <Select
            label="Store for opening stock"
            description="The stock column of your file is added to this store."
            placeholder={stores.isPending ? 'Loading stores…' : 'No opening stock'}
            data={storeOptions}
            value={storeId}
            onChange={(v) => setStoreChoice(v)}
            clearable
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        </Stack>
      </Card>

      {upload.isError && (
        <Alert color="red" title="The file was not accepted" role="alert">
          {upload.error.message}
        </Alert>
      )}

      <Group justify="space-between">
        <Anchor component={Link} to={paths.UploadedBatches} size="sm">
          See earlier uploads
        </Anchor>
        <Button
          size="md"
          leftSection={upload.isPending ? <Loader size={16} color="white" /> : <IconUpload size={18} />}
          onClick={submit}
          disabled={upload.isPending}
        >
          {upload.isPending ? 'Uploading…' : 'Upload products'}
        </Button>
      </Group>
    </Stack>
  );
};

const BatchFollow = ({ batchNumber, onAnother }: { batchNumber: number; onAnother: () => void }) => {
  const query = useUploadBatch(batchNumber);
  const batch = query.data;
  return (
    <Card withBorder radius="md" padding="md">
      {query.isPending ? (
        <Group gap="sm">
          <Loader size="sm" />
          <Text>Loading the upload…</Text>
        </Group>
      ) : query.isError ? (
        <LoadError what="this upload" error={query.error} onRetry={() => void query.refetch()} />
      ) : batch ? (
        <Stack gap="md">
          <div>
            <Text fw={700} size="lg">
              Batch {batch.batch_number}
            </Text>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {batch.file_name}
            </Text>
          </div>
          <BatchProgress batch={batch} />
          <Text size="sm" c="dimmed">
            {isRunning(batch)
              ? 'Your products are being created. You can leave this page; the upload goes on.'
              : batch.failed_rows > 0
                ? batch.failed_rows === 1
                  ? '1 row was not created. See why, fix it and reprocess.'
                  : `${count(batch.failed_rows)} rows were not created. See why, fix them and reprocess.`
                : 'Every product was created.'}
          </Text>
          <Group>
            {!isRunning(batch) && batch.failed_rows > 0 && (
              <Button component={Link} to={failedRowsPath(batch.batch_number)} color="red">
                See failed rows
              </Button>
            )}
            <Button variant="light" onClick={onAnother}>
              Upload another file
            </Button>
            <Button variant="subtle" component={Link} to={paths.UploadedBatches}>
              All uploads
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Card>
  );
};

export default BulkUploadPage;
