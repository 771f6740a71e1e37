// The pager of every list (spec §2/§9: up to 7 page links plus Previous/Next),
// with what a list of 100,000 users needs besides: First and
// Last, a box to go to a page by its number, and the page size. The view (page
// and size) is the list's, in its address.
import { Button, Flex, HStack, Input, NativeSelect, Text } from '@chakra-ui/react';
import { paginationWindow } from '@userprofile/shared/list';
import { type FormEvent, useEffect, useId, useState } from 'react';

export interface PagerProps {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** The page size and the sizes offered; without onPageSize no size is offered. */
  pageSize?: number;
  pageSizes?: readonly number[];
  onPageSize?: (size: number) => void;
}

const grouped = (n: number) => n.toLocaleString('en');

export function Pager({ page, pages, onPage, pageSize, pageSizes, onPageSize }: PagerProps) {
  const sizeId = useId();
  const sizes = onPageSize && pageSize !== undefined && pageSizes && pageSizes.length > 1 ? pageSizes : null;
  if (pages <= 1 && !sizes) return null;
  const links = paginationWindow(page, pages);
  return (
    <Flex align="center" gap="3" wrap="wrap" justify="flex-end">
      {pages > 1 ? (
        <HStack as="nav" aria-label="Pagination" gap="1" wrap="wrap">
          <Button size="xs" variant="outline" disabled={!links.hasPrevious} onClick={() => onPage(1)}>
            First
          </Button>
          <Button size="xs" variant="outline" disabled={!links.hasPrevious} onClick={() => onPage(page - 1)}>
            Previous
          </Button>
          {links.pages.map((n) => (
            <Button
              key={n}
              size="xs"
              minW="8"
              variant={n === page ? 'solid' : 'outline'}
              aria-current={n === page ? 'page' : undefined}
              aria-label={`Page ${n}`}
              onClick={() => onPage(n)}
            >
              {n}
            </Button>
          ))}
          <Button size="xs" variant="outline" disabled={!links.hasNext} onClick={() => onPage(page + 1)}>
            Next
          </Button>
          <Button size="xs" variant="outline" disabled={!links.hasNext} onClick={() => onPage(pages)}>
            Last
          </Button>
        </HStack>
      ) : null}
      {pages > 1 ? <PageBox page={page} pages={pages} onPage={onPage} /> : null}
      {sizes && onPageSize ? (
        <HStack gap="1.5">
          <Text asChild fontSize="sm" color="fg.muted" whiteSpace="nowrap">
            <label htmlFor={sizeId}>Rows per page</label>
          </Text>
          <NativeSelect.Root size="xs" width="auto">
            <NativeSelect.Field
              id={sizeId}
              value={String(pageSize)}
              onChange={(e) => onPageSize(Number(e.currentTarget.value))}
            >
              {sizes.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </HStack>
      ) : null}
    </Flex>
  );
}

/** 'Page [3] of 8,515': a number typed and Enter (or leaving the box) goes there; nonsense goes back to the page shown. */
function PageBox({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const id = useId();
  const [text, setText] = useState(String(page));
  useEffect(() => setText(String(page)), [page]);
  const go = () => {
    const n = Number(text.trim());
    if (Number.isInteger(n) && n >= 1) {
      const target = Math.min(n, pages);
      setText(String(target));
      if (target !== page) onPage(target);
    } else setText(String(page));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    go();
  };
  return (
    <form onSubmit={submit}>
      <HStack gap="1.5">
        <Text asChild fontSize="sm" color="fg.muted">
          <label htmlFor={id}>Page</label>
        </Text>
        <Input
          id={id}
          size="xs"
          w={`${Math.max(3, String(pages).length + 2)}ch`}
          minW="12"
          inputMode="numeric"
          autoComplete="off"
          value={text}
          onChange={(e) => setText(e.currentTarget.value.replace(/[^\d]/g, '').slice(0, 9))}
          onBlur={go}
        />
        <Text fontSize="sm" color="fg.muted" whiteSpace="nowrap">
          of {grouped(pages)}
        </Text>
      </HStack>
    </form>
  );
}
