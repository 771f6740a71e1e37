// The table of both profile lists (spec §2): Name (a link to the profile's
// editor) and Description first, then the cells of the kind — roles and
// parameters, or one application profile per application — and the range and
// pager below.
import { Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ClientListFooter, type ListHeader, ListTable, RecordLink, TextCell } from '../../components/ui/list-kit.tsx';
import type { ClientList } from '../../lib/use-client-list.ts';

export function ProfileListTable<R extends { uuid: string; name: string; description: string }>({
  label,
  columns,
  list,
  editPath,
  noMatch,
  cells,
}: {
  label: string;
  /** The headers, Name and Description first. */
  columns: readonly ListHeader[];
  list: ClientList<R>;
  editPath: (uuid: string) => string;
  /** What the table says when nothing matches. */
  noMatch: string;
  /** The row's cells after Name and Description. */
  cells: (row: R) => ReactNode;
}) {
  return (
    <>
      <Table.ScrollArea>
        <ListTable label={label} columns={columns} list={list} noMatch={noMatch} variant="line">
          {list.rows.map((row) => (
            <Table.Row key={row.uuid} verticalAlign="top" whiteSpace="normal">
              <Table.Cell>
                <RecordLink href={editPath(row.uuid)}>{row.name}</RecordLink>
              </Table.Cell>
              <TextCell value={row.description} hideBelow="md" color="fg.muted" whiteSpace="normal" minW="48" />
              {cells(row)}
            </Table.Row>
          ))}
        </ListTable>
      </Table.ScrollArea>
      <ClientListFooter list={list} />
    </>
  );
}
