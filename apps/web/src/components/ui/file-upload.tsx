import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { Box, Button, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck, IconUpload } from '@tabler/icons-react';
import { IMAGE_MIME_TYPES, TEXT, TOAST_TIMEOUT_MS, type UploadData } from '@ms/contracts';
import { api } from '@/lib/api-client';
import { UploadError } from './upload-error';

/**
 * Spec 000 §2.7/§4 upload widget: idle -> uploading -> success (emits the file URL) or failure
 * (toast with the server's message). A file of another type says "Invalid Type" and is not sent.
 */
export type UploadStatus = 'idle' | 'uploading' | 'success' | 'failure';
export type Uploader = (file: File) => Promise<string>;

export const IMAGE_HINT = 'JPG or PNG up to 10MB';
const EXTENSIONS: Record<string, readonly string[]> = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'application/pdf': ['.pdf'],
};

/** MIME type first; a file the browser gave no type to is judged by its extension. */
export const isAllowedType = (file: File, accept: readonly string[]): boolean => {
  if (file.type) return accept.includes(file.type);
  const name = file.name.toLowerCase();
  return accept.some((type) => (EXTENSIONS[type] ?? []).some((ext) => name.endsWith(ext)));
};

export const acceptAttribute = (accept: readonly string[]) =>
  [...accept, ...accept.flatMap((t) => EXTENSIONS[t] ?? [])].join(',');

/** POST /v1/uploads/ (multipart field `file`); answers the URL to store. */
export const uploadFile: Uploader = async (file) => {
  const form = new FormData();
  form.append('file', file);
  const data = await api.upload<UploadData>('/v1/uploads/', form);
  return data.url;
};

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))}MB`;

export type UseFileUploadOptions = {
  accept?: readonly string[];
  maxBytes?: number;
  upload?: Uploader;
  onUploaded: (url: string, file: File) => void;
};

export const useFileUpload = ({
  accept = IMAGE_MIME_TYPES,
  maxBytes,
  upload = uploadFile,
  onUploaded,
}: UseFileUploadOptions) => {
  const [status, setStatus] = useState<UploadStatus>('idle');
  const [error, setError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);

  const pick = async (picked: File | null | undefined) => {
    if (!picked) return;
    if (!isAllowedType(picked, accept)) {
      setError(TEXT.invalidType);
      return;
    }
    if (maxBytes && picked.size > maxBytes) {
      setError(`The file is larger than ${megabytes(maxBytes)}.`);
      return;
    }
    setError(null);
    setFile(picked);
    setStatus('uploading');
    try {
      const url = await upload(picked);
      setStatus('success');
      onUploaded(url, picked);
    } catch (e) {
      setStatus('failure');
      notifications.show({
        color: 'red',
        title: 'Upload failed',
        message: e instanceof Error ? e.message : String(e),
        autoClose: TOAST_TIMEOUT_MS,
      });
    }
  };
  return { status, error, file, pick };
};

/** Hidden <input type=file> plus drag-and-drop on the area that opens it. */
export const useFilePicker = (accept: readonly string[], onFile: (file: File | undefined) => void) => {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const input = (
    <input
      ref={inputRef}
      type="file"
      hidden
      accept={acceptAttribute(accept)}
      data-testid="file-input"
      onChange={(e) => {
        onFile(e.currentTarget.files?.[0]);
        e.currentTarget.value = '';
      }}
    />
  );
  const dropProps = {
    onDragOver: (e: DragEvent) => {
      e.preventDefault();
      setDragging(true);
    },
    onDragLeave: () => setDragging(false),
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      setDragging(false);
      onFile(e.dataTransfer.files?.[0]);
    },
  };
  return { input, open: () => inputRef.current?.click(), dragging, dropProps };
};

export type FileUploadProps = {
  label: ReactNode;
  onUploaded: (url: string, file: File) => void;
  hint?: string;
  accept?: readonly string[];
  maxBytes?: number;
  upload?: Uploader;
  disabled?: boolean;
};

export const FileUpload = ({
  label,
  onUploaded,
  hint = IMAGE_HINT,
  accept = IMAGE_MIME_TYPES,
  maxBytes,
  upload,
  disabled,
}: FileUploadProps) => {
  const { status, error, file, pick } = useFileUpload({ accept, maxBytes, upload, onUploaded });
  const { input, open, dragging, dropProps } = useFilePicker(accept, (f) => void pick(f));
  const errorId = useId();
  const busy = status === 'uploading';

  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      {input}
      <UnstyledButton
        onClick={open}
        disabled={disabled || busy}
        aria-describedby={error ? errorId : undefined}
        {...dropProps}
        style={{
          border: `2px dashed var(--mantine-color-${error ? 'red-5' : dragging ? 'teal-6' : 'gray-4'})`,
          borderRadius: 'var(--mantine-radius-md)',
          background: dragging ? 'var(--mantine-color-teal-0)' : 'var(--mantine-color-gray-0)',
          padding: 'var(--mantine-spacing-md)',
          minHeight: 88,
        }}
      >
        <Group gap="md" wrap="nowrap">
          {busy ? (
            <Loader size="sm" />
          ) : status === 'success' ? (
            <IconCircleCheck size={28} color="var(--mantine-color-teal-7)" aria-hidden />
          ) : (
            <IconUpload size={28} color="var(--mantine-color-gray-6)" aria-hidden />
          )}
          <Box style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {busy
                ? `Uploading ${file?.name ?? ''}…`
                : status === 'success'
                  ? (file?.name ?? 'Uploaded')
                  : 'Tap to choose a file'}
            </Text>
            <Text size="sm" c="dimmed">
              {status === 'success' ? 'Uploaded. Tap to replace it.' : hint}
            </Text>
          </Box>
        </Group>
      </UnstyledButton>
      <UploadError id={errorId} message={error} />
      {status === 'failure' && !error ? (
        <Button variant="subtle" size="compact-sm" w="fit-content" onClick={() => file && void pick(file)}>
          Try again
        </Button>
      ) : null}
    </Stack>
  );
};
