import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Tag } from '@ms/contracts';
import { renderUi } from '@/components/ui/test-utils';
import { TagManagement } from './tag-management';

type Callbacks = { onSuccess?: () => void; onError?: (e: Error) => void };
let tags: Tag[] = [];
const create = vi.fn();
const update = vi.fn();
const remove = vi.fn();
let allowed = true;

vi.mock('../api/tags', () => ({
  useTags: () => ({ isPending: false, isError: false, data: tags, refetch: vi.fn() }),
  useTagMutations: () => ({
    create: { mutate: create, isPending: false },
    update: { mutate: update, isPending: false },
    remove: { mutate: remove, isPending: false },
  }),
}));
vi.mock('@/lib/session-store', () => ({ useSession: () => null, hasPermission: () => allowed }));

const tag = (id: string, label: string): Tag => ({ _id: id, label, tagName: label });

beforeEach(() => {
  tags = [tag('t1', 'Fragile'), tag('t2', 'New arrival'), tag('t3', 'Promo')];
  allowed = true;
  [create, update, remove].forEach((m) => m.mockReset());
});
afterEach(cleanup);

const click = (el: HTMLElement) => act(async () => void fireEvent.click(el));
const type = (el: HTMLElement, value: string) =>
  act(async () => void fireEvent.change(el, { target: { value } }));
const rows = () => within(screen.getByRole('list', { name: 'Tags' })).getAllByRole('listitem');

describe('TagManagement', () => {
  it('lists tags and searches them by tag name', async () => {
    renderUi(<TagManagement searchDelayMs={0} />);
    expect(rows().map((r) => r.textContent)).toEqual(['Fragile', 'New arrival', 'Promo']);
    await type(screen.getByPlaceholderText('Search by tag name'), 'ARR');
    await waitFor(() => expect(rows().map((r) => r.textContent)).toEqual(['New arrival']));
    await type(screen.getByPlaceholderText('Search by tag name'), 'zzz');
    await waitFor(() => expect(screen.getByText('No tag matches “zzz”.')).toBeTruthy());
  });

  it('adds a tag (button disabled while empty) and shows the success pop-up', async () => {
    create.mockImplementation((_body, cb: Callbacks) => cb.onSuccess?.());
    renderUi(<TagManagement />);
    const add = screen.getByRole('button', { name: 'Add tag' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    await type(screen.getByLabelText('New tag'), '  Imported ');
    await click(add);
    expect(create).toHaveBeenCalledWith({ label: 'Imported' }, expect.anything());
    expect(await screen.findByText('Tag has been created successfully.')).toBeTruthy();
    await click(screen.getByRole('button', { name: 'CLOSE' }));
    await waitFor(() => expect(screen.queryByText('Tag has been created successfully.')).toBeNull());
  });

  it('edits a tag and shows the edited pop-up', async () => {
    update.mockImplementation((_body, cb: Callbacks) => cb.onSuccess?.());
    renderUi(<TagManagement />);
    await click(screen.getByRole('button', { name: 'Edit Promo' }));
    const input = screen.getByLabelText('Tag name');
    expect((input as HTMLInputElement).value).toBe('Promo');
    await type(input, 'Sale');
    await click(screen.getByRole('button', { name: 'Save' }));
    expect(update).toHaveBeenCalledWith({ id: 't3', label: 'Sale' }, expect.anything());
    expect(await screen.findByText('Tag has been edited successfully.')).toBeTruthy();
  });

  it('deletes a tag after confirming and shows the deleted pop-up', async () => {
    remove.mockImplementation((_id, cb: Callbacks) => cb.onSuccess?.());
    renderUi(<TagManagement />);
    await click(screen.getByRole('button', { name: 'Delete Fragile' }));
    await click(screen.getByRole('button', { name: 'Delete' }));
    expect(remove).toHaveBeenCalledWith('t1', expect.anything());
    expect(await screen.findByText('Tag has been deleted successfully.')).toBeTruthy();
  });

  it("shows the server's message when a tag call fails", async () => {
    create.mockImplementation((_body, cb: Callbacks) =>
      cb.onError?.(new Error('A tag named "Fragile" already exists. Use that tag or choose another name.')),
    );
    renderUi(<TagManagement />);
    await type(screen.getByLabelText('New tag'), 'Fragile');
    await click(screen.getByRole('button', { name: 'Add tag' }));
    expect(await screen.findByText(/A tag named "Fragile" already exists/)).toBeTruthy();
    expect(screen.queryByText('Tag has been created successfully.')).toBeNull();
  });

  it('shows an empty state, and hides add/edit/delete from a role without the permissions', () => {
    tags = [];
    allowed = false;
    renderUi(<TagManagement />);
    expect(screen.getByText('No tags yet')).toBeTruthy();
    expect(screen.queryByLabelText('New tag')).toBeNull();
  });
});
