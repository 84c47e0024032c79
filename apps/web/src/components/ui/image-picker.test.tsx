import { describe, expect, it, vi, afterEach } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { ImagePicker } from './image-picker';
import { renderUi } from './test-utils';

afterEach(cleanup);

const pick = (file: File) =>
  fireEvent.change(screen.getByTestId('file-input'), { target: { files: [file] } });

describe('ImagePicker', () => {
  it('rejects a gif with "Invalid Type" and does not upload it', () => {
    const upload = vi.fn();
    const onChange = vi.fn();
    renderUi(<ImagePicker label="Logo" onChange={onChange} upload={upload} />);
    pick(new File(['GIF89a'], 'cat.gif', { type: 'image/gif' }));
    expect(screen.getByRole('alert').textContent).toContain('Invalid Type');
    expect(upload).not.toHaveBeenCalled();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('uploads a png and emits its URL', async () => {
    const upload = vi.fn().mockResolvedValue('/files/logo.png');
    const onChange = vi.fn();
    renderUi(<ImagePicker label="Logo" onChange={onChange} upload={upload} />);
    pick(new File(['png'], 'logo.png', { type: 'image/png' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('/files/logo.png'));
    expect(screen.queryByText('Invalid Type')).toBeNull();
  });
});
