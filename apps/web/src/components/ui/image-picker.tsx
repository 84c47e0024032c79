import { useEffect, useId, useState, type ReactNode } from 'react';
import { Box, Button, Group, Image, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconPhotoPlus } from '@tabler/icons-react';
import { IMAGE_MIME_TYPES, IMAGE_UPLOAD_MAX_BYTES } from '@ms/contracts';
import { UploadError } from './upload-error';
import { IMAGE_HINT, useFilePicker, useFileUpload, type Uploader } from './file-upload';

/** Spec 000 §2.7 image picker (png, jpeg, jpg): a square preview that uploads what is picked. */
export type ImagePickerProps = {
  label: ReactNode;
  /** The stored image URL, if any. */
  value?: string | null;
  onChange: (url: string) => void;
  upload?: Uploader;
  disabled?: boolean;
  size?: number;
};

export const ImagePicker = ({ label, value, onChange, upload, disabled, size = 112 }: ImagePickerProps) => {
  const { status, error, file, pick } = useFileUpload({
    accept: IMAGE_MIME_TYPES,
    maxBytes: IMAGE_UPLOAD_MAX_BYTES,
    upload,
    onUploaded: (url) => onChange(url),
  });
  const { input, open, dragging, dropProps } = useFilePicker(IMAGE_MIME_TYPES, (f) => void pick(f));
  const [preview, setPreview] = useState<string | null>(null);
  const errorId = useId();

  // Show the picked file at once (from memory), not after the upload round trip.
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') return;
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const shown = status === 'failure' ? value : (preview ?? value);
  const busy = status === 'uploading';

  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      {input}
      <Group gap="md" wrap="nowrap" align="center">
        <UnstyledButton
          onClick={open}
          disabled={disabled || busy}
          aria-label={shown ? 'Change image' : 'Choose an image'}
          aria-describedby={error ? errorId : undefined}
          {...dropProps}
          style={{
            width: size,
            height: size,
            flex: 'none',
            borderRadius: 'var(--mantine-radius-md)',
            border: `2px dashed var(--mantine-color-${error ? 'red-5' : dragging ? 'teal-6' : 'gray-4'})`,
            background: 'var(--mantine-color-gray-0)',
            overflow: 'hidden',
            position: 'relative',
            display: 'grid',
            placeItems: 'center',
          }}
        >
          {shown ? (
            <Image src={shown} alt="" w={size} h={size} fit="cover" />
          ) : (
            <IconPhotoPlus size={32} color="var(--mantine-color-gray-6)" aria-hidden />
          )}
          {busy ? (
            <Box
              style={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}
              bg="rgba(255,255,255,0.7)"
            >
              <Loader size="sm" aria-label="Uploading" />
            </Box>
          ) : null}
        </UnstyledButton>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Button variant="light" onClick={open} disabled={disabled || busy} w="fit-content">
            {shown ? 'Change image' : 'Choose image'}
          </Button>
          <Text size="sm" c="dimmed">
            {status === 'success' ? 'Uploaded.' : IMAGE_HINT}
          </Text>
        </Stack>
      </Group>
      <UploadError id={errorId} message={error} />
    </Stack>
  );
};
