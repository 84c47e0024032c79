import type { Ref } from 'react';
import { ActionIcon, Group, TextInput } from '@mantine/core';
import { IconBarcode, IconCamera, IconSearch } from '@tabler/icons-react';

/** The till's search box (a USB scanner types here too) and, where there is a camera, its scan button. */
export const TillSearchBar = ({
  inputRef,
  text,
  onText,
  onEnter,
  onCamera,
}: {
  inputRef: Ref<HTMLInputElement>;
  text: string;
  onText: (text: string) => void;
  onEnter: () => void;
  /** Opens the camera scanner; absent on a device without a camera. */
  onCamera?: () => void;
}) => (
  <Group gap="xs" wrap="nowrap" align="flex-start">
    <TextInput
      style={{ flex: 1 }}
      ref={inputRef}
      type="search"
      size="lg"
      aria-label="Search products or scan a barcode"
      // Short enough for a 375 px phone beside the camera button; the field's name says it all.
      placeholder="Search or scan"
      leftSection={<IconSearch size={20} aria-hidden />}
      rightSection={<IconBarcode size={20} aria-hidden />}
      value={text}
      onChange={(e) => onText(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          onEnter();
        } else if (e.key === 'Escape' && text) {
          onText('');
        }
      }}
      autoComplete="off"
      data-autofocus
    />
    {onCamera && (
      <ActionIcon
        variant="default"
        size={50}
        aria-label="Scan with camera"
        title="Scan with camera"
        onClick={onCamera}
      >
        <IconCamera size={24} aria-hidden />
      </ActionIcon>
    )}
  </Group>
);
