import { useState } from 'react';
import { ActionIcon, Box, Group, Image, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { ImagePicker } from '@/components/ui/image-picker';

export const MAX_IMAGES = 10;

export type ImagesFieldProps = {
  value: string[];
  onChange: (urls: string[]) => void;
  disabled?: boolean;
  error?: string;
};

/**
 * Up to 10 product photos: each picked image (PNG or JPEG, else "Invalid Type") is uploaded to
 * POST /v1/uploads/ and its URL added; the first one is the product's thumbnail.
 */
export const ImagesField = ({ value, onChange, disabled, error }: ImagesFieldProps) => {
  // A fresh picker after each upload, so it is ready for the next photo.
  const [round, setRound] = useState(0);
  return (
    <Stack gap="xs">
      {value.length > 0 && (
        <Group gap="xs" aria-label="Product images" role="list">
          {value.map((url, i) => (
            <Box key={url} pos="relative" role="listitem">
              <Image
                src={url}
                alt={i === 0 ? 'Main product image' : `Product image ${i + 1}`}
                w={72}
                h={72}
                radius="md"
                fit="cover"
                style={{ border: i === 0 ? '2px solid var(--mantine-primary-color-filled)' : undefined }}
              />
              <ActionIcon
                size="sm"
                radius="xl"
                color="dark"
                variant="filled"
                pos="absolute"
                top={-6}
                right={-6}
                aria-label={`Remove image ${i + 1}`}
                disabled={disabled}
                onClick={() => onChange(value.filter((_, j) => j !== i))}
              >
                <IconX size={14} />
              </ActionIcon>
            </Box>
          ))}
        </Group>
      )}
      {value.length < MAX_IMAGES ? (
        <ImagePicker
          key={round}
          label={value.length ? 'Add another image' : 'Product image'}
          value={null}
          size={88}
          disabled={disabled}
          onChange={(url) => {
            onChange([...value, url]);
            setRound((r) => r + 1);
          }}
        />
      ) : (
        <Text size="sm" c="dimmed">
          A product can have {MAX_IMAGES} images. Remove one to add another.
        </Text>
      )}
      {error && (
        <Text size="sm" c="red.7" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
};
