import { Center, Pagination, type PaginationProps } from '@mantine/core';

/** How many pages a list of `total` rows takes, `pageSize` a page (at least one). */
export const pageCount = (total: number, pageSize: number): number =>
  Math.max(1, Math.ceil(total / pageSize));

/** The page links under a paged list; nothing when the whole list fits on one page. */
export const Pager = ({
  pages,
  page,
  onChange,
  ...pagination
}: { pages: number; page: number; onChange: (page: number) => void } & Omit<
  PaginationProps,
  'total' | 'value' | 'onChange'
>) =>
  pages > 1 ? (
    <Center>
      <Pagination total={pages} value={page} onChange={onChange} {...pagination} />
    </Center>
  ) : null;
