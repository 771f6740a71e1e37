// The pieces of every list screen (spec §2): filter boxes, a column header
// that sorts on click and says so with aria-sort, the pager (./pager.tsx), the count line, and the toggle that
// shows a cell's extra items (the first item with ' ...' while collapsed).
import {
  Box,
  Button,
  Link as ChakraLink,
  Flex,
  HStack,
  Input,
  type LinkProps,
  SimpleGrid,
  Table,
  Text,
} from '@chakra-ui/react';
import { MAX_TEXT } from '@userprofile/shared/constants';
import type { SortDirection } from '@userprofile/shared/list';
import { memo, type ReactNode } from 'react';
import { LuArrowDown, LuArrowUp, LuArrowUpDown, LuDownload, LuFilterX } from 'react-icons/lu';
import { Link } from 'wouter';
import { PAGE_SIZES } from '../../lib/list-view.ts';
import { displayText, titleText } from './display-text.ts';
import { Pager } from './pager.tsx';

type Breakpoint = 'sm' | 'md' | 'lg' | 'xl';

export interface SortState {
  column: string;
  direction: SortDirection;
}

/** One filter box; its accessible name is 'Filter by <label>'. */
export const FilterInput = memo(function FilterInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Input
      size="sm"
      aria-label={`Filter by ${label}`}
      placeholder={label}
      value={value}
      maxLength={MAX_TEXT}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
});

/** The filter boxes of a list, in a grid that wraps on narrow screens. */
export function FilterBar({
  filters,
  values,
  onChange,
  children,
}: {
  filters: readonly { key: string; label: string }[];
  values: Readonly<Record<string, string>>;
  onChange: (key: string, value: string) => void;
  /** Extra controls at the end (a toggle). */
  children?: ReactNode;
}) {
  return (
    <Flex gap="3" wrap="wrap" align="center">
      <SimpleGrid columns={{ base: 1, sm: 2, md: 3, xl: Math.min(5, filters.length) }} gap="2" flex="1" minW="0">
        {filters.map((f) => (
          <FilterInput key={f.key} label={f.label} value={values[f.key] ?? ''} onChange={(v) => onChange(f.key, v)} />
        ))}
      </SimpleGrid>
      {children}
    </Flex>
  );
}

export function ariaSort(sort: SortState | null, column: string): 'ascending' | 'descending' | 'none' {
  if (sort?.column !== column) return 'none';
  return sort.direction === 'asc' ? 'ascending' : 'descending';
}

function SortIcon({ direction }: { direction: SortDirection | null }) {
  if (direction === null) return <LuArrowUpDown aria-hidden opacity={0.4} />;
  return direction === 'asc' ? <LuArrowUp aria-hidden /> : <LuArrowDown aria-hidden />;
}

/** A column header: sortable (a button, with aria-sort on the header) or plain. */
export function SortableHeader({
  column,
  label,
  sort,
  onSort,
  sortable = true,
  width,
  hideBelow,
}: {
  column: string;
  label: string;
  sort: SortState | null;
  onSort: (column: string) => void;
  sortable?: boolean;
  width?: string;
  hideBelow?: Breakpoint;
}) {
  if (!sortable) {
    return (
      <Table.ColumnHeader {...(width ? { width } : {})} {...(hideBelow ? { hideBelow } : {})}>
        {label}
      </Table.ColumnHeader>
    );
  }
  const state = ariaSort(sort, column);
  return (
    <Table.ColumnHeader {...(width ? { width } : {})} {...(hideBelow ? { hideBelow } : {})} aria-sort={state}>
      <Button variant="plain" size="xs" px="0" fontWeight="semibold" onClick={() => onSort(column)}>
        {label}
        <SortIcon direction={state === 'none' ? null : (sort?.direction ?? null)} />
      </Button>
    </Table.ColumnHeader>
  );
}

/** A column header of a ListTable: a list column (lib/use-client-list.ts) or a header of its own. */
export interface ListHeader {
  key: string;
  label: string;
  /** Sortable on click (default true). */
  sort?: boolean;
  width?: string;
  /** Hidden (header and the screen's cells alike) below this width. */
  hideBelow?: Breakpoint;
}

/**
 * The table of a client-side list: one header per column, sortable unless the
 * column says `sort: false`, and the rows the screen renders. Table props
 * (stickyHeader, interactive, variant) pass through.
 */
export function ListTable({
  label,
  columns,
  list,
  noMatch,
  children,
  ...table
}: {
  /** The table's accessible name. */
  label: string;
  columns: readonly ListHeader[];
  list: {
    sort: SortState | null;
    toggleSort: (column: string) => void;
    matches: readonly unknown[];
    filtered: boolean;
    clearFilters: () => void;
  };
  /** What the body says when no row matches ('No applications match'). */
  noMatch: string;
  /** The rows (<Table.Row>s). */
  children: ReactNode;
} & Omit<Table.RootProps, 'children'>) {
  return (
    <Table.Root size="sm" aria-label={label} {...table}>
      <Table.Header>
        <Table.Row>
          {columns.map((c) => (
            <SortableHeader
              key={c.key}
              column={c.key}
              label={c.label}
              sort={list.sort}
              onSort={list.toggleSort}
              sortable={c.sort !== false}
              {...(c.width ? { width: c.width } : {})}
              {...(c.hideBelow ? { hideBelow: c.hideBelow } : {})}
            />
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {list.matches.length === 0 ? (
          <Table.Row>
            <Table.Cell colSpan={columns.length}>
              <NoMatch text={noMatch} onClear={list.filtered ? list.clearFilters : null} />
            </Table.Cell>
          </Table.Row>
        ) : (
          children
        )}
      </Table.Body>
    </Table.Root>
  );
}

/** "Clear filters": every filter box emptied (the toggles and the sort stay). */
export function ClearFiltersButton({ onClear }: { onClear: () => void }) {
  return (
    <Button size="xs" variant="outline" onClick={onClear}>
      <LuFilterX aria-hidden /> Clear filters
    </Button>
  );
}

/**
 * The one place a list says nothing matches (the footer then says nothing),
 * with Clear filters when filters are the reason. A list with no records at
 * all says so instead (EmptyList).
 */
export function NoMatch({ text, onClear }: { text: string; onClear: (() => void) | null }) {
  return (
    <HStack gap="3" py="2" wrap="wrap" data-no-match>
      <Text color="fg.muted">{text}</Text>
      {onClear ? <ClearFiltersButton onClear={onClear} /> : null}
    </HStack>
  );
}

/** A list without any record yet ('No applications yet.'), with the screen's New button when the reader may create one. */
export function EmptyList({ text, action }: { text: string; action?: ReactNode }) {
  return (
    <HStack gap="3" py="2" wrap="wrap" data-empty-list>
      <Text color="fg.muted">{text}</Text>
      {action}
    </HStack>
  );
}

/** Downloads the rows the list shows now (filtered, sorted; every page) as CSV. */
export function ExportButton({
  onExport,
  disabled,
  hint,
}: {
  onExport: () => void;
  disabled?: boolean;
  /** What the file is (and is not), as the button's description (an export is not the import format, and must not be taken for it). */
  hint?: string;
}) {
  return (
    <Button
      size="sm"
      variant="outline"
      onClick={onExport}
      disabled={disabled ?? false}
      {...(hint ? { title: hint, 'aria-description': hint } : {})}
    >
      <LuDownload aria-hidden /> Export CSV
    </Button>
  );
}

/**
 * A record's name in a list cell, linking to its editor. A name given as text is cut at its end
 * to a bounded length (display-text.ts) and whole in the link's title. Link styles (fontWeight) pass through.
 */
export function RecordLink({
  href,
  children,
  ...style
}: { href: string; children: ReactNode } & Omit<LinkProps, 'href' | 'children'>) {
  const text = typeof children === 'string';
  return (
    <ChakraLink asChild color="blue.fg" {...(text ? { title: titleText(children) } : {})} {...style}>
      <Link href={href}>{text ? displayText(children) : children}</Link>
    </ChakraLink>
  );
}

/** A cell of text from the backend: cut at its end to a bounded length, whole (for every real value) in its title. */
export function TextCell({ value, ...cell }: { value: string | null | undefined } & Omit<Table.CellProps, 'children'>) {
  return (
    <Table.Cell {...(value ? { title: titleText(value) } : {})} {...cell}>
      {displayText(value)}
    </Table.Cell>
  );
}

/** Up to 7 page links around the current page, plus Previous and Next (nothing for a single page). */
/** '11–20 of 134' ('99,951–100,000 of 100,000', grouped like the pager and the selection), or nothing (the table says that nothing matches). */
export function rangeText(page: number, pageSize: number, total: number): string {
  if (total === 0) return '';
  const n = (x: number) => x.toLocaleString('en');
  return `${n((page - 1) * pageSize + 1)}–${n(Math.min(page * pageSize, total))} of ${n(total)}`;
}

/** The line under a table: the range shown and the pager. */
export function ListFooter({
  page,
  pages,
  pageSize,
  total,
  onPage,
  onPageSize,
  pageSizes = PAGE_SIZES,
  note,
}: {
  page: number;
  pages: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** Offers the page sizes (a long list wants more rows a page); a list without it keeps its one size. */
  onPageSize?: (size: number) => void;
  pageSizes?: readonly number[];
  /** Appended to the range ('(sorting…)'). */
  note?: string;
}) {
  return (
    <Flex mt="3" align="center" justify="space-between" gap="3" wrap="wrap">
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {rangeText(page, pageSize, total)}
        {total > 0 ? (note ?? '') : ''}
      </Text>
      <Pager
        page={page}
        pages={pages}
        onPage={onPage}
        pageSize={pageSize}
        pageSizes={pageSizes}
        {...(onPageSize && total > 0 ? { onPageSize } : {})}
      />
    </Flex>
  );
}

/** The footer of a client-side list (useClientList): its range and pager. */
export function ClientListFooter({
  list,
}: {
  list: {
    page: number;
    pages: number;
    pageSize: number;
    matches: readonly unknown[];
    setPage: (page: number) => void;
    setPageSize?: (size: number) => void;
  };
}) {
  return (
    <ListFooter
      page={list.page}
      pages={list.pages}
      pageSize={list.pageSize}
      total={list.matches.length}
      onPage={list.setPage}
      {...(list.setPageSize ? { onPageSize: list.setPageSize } : {})}
    />
  );
}

/** A cell's items: collapsed to the first item with ' ...' (spec §2), expanded to all. */
export function collapsedText(items: readonly string[], expanded: boolean): string {
  if (items.length === 0) return '';
  if (expanded || items.length === 1) return items.join(', ');
  return `${items[0]} ...`;
}

/**
 * The toggle of a list that expands every row's extra items (spec §2
 * application profile list: roles and parameters). The list keeps the state
 * and passes it to ExpandableItems.
 */
export function ExpandToggle({ expanded, onChange }: { expanded: boolean; onChange: (expanded: boolean) => void }) {
  return (
    <Button size="sm" variant="outline" aria-pressed={expanded} onClick={() => onChange(!expanded)}>
      {expanded ? 'Collapse' : 'Expand'}
    </Button>
  );
}

export function ExpandableItems({ items, expanded }: { items: readonly string[]; expanded: boolean }) {
  if (!expanded || items.length <= 1) return <>{collapsedText(items, expanded)}</>;
  return (
    <Box as="ul" listStyleType="none">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </Box>
  );
}
