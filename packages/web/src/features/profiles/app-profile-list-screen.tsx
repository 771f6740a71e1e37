// Application profile list (spec §2): Name (link, sortable), Description,
// Application, Roles, Parameters; five filters; paginated; the toggle that
// expands every row's roles and parameters; 'New App Profile'.
import { Button, Link as ChakraLink, Table } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import { DataState } from '../../components/ui/data-state.tsx';
import {
  ClientListFooter,
  ExpandableItems,
  ExpandToggle,
  FilterBar,
  SortableHeader,
} from '../../components/ui/list-kit.tsx';
import { Screen } from '../../components/ui/page.tsx';
import { appProfiles } from '../../lib/data/app-profiles.ts';
import { useCache } from '../../lib/data/use-cache.ts';
import { toAppProfileEdit, toAppProfileNew } from '../../lib/paths.ts';
import { useClientList } from '../../lib/use-client-list.ts';
import { APP_PROFILE_COLUMNS, toAppProfileRow } from './profile-lists.ts';

export function AppProfileListScreen() {
  const cache = useCache(appProfiles);
  const rows = useMemo(() => cache.data?.map(toAppProfileRow) ?? null, [cache.data]);
  const list = useClientList(rows, APP_PROFILE_COLUMNS, { initialSort: { column: 'name', direction: 'asc' } });
  const [expanded, setExpanded] = useState(false);

  return (
    <Screen
      title="Application Profiles"
      actions={
        <Button asChild size="sm" colorPalette="blue">
          <Link href={toAppProfileNew()}>New App Profile</Link>
        </Button>
      }
      cardHeader={
        <FilterBar filters={APP_PROFILE_COLUMNS} values={list.filters} onChange={list.setFilter}>
          <ExpandToggle expanded={expanded} onChange={setExpanded} />
        </FilterBar>
      }
    >
      <DataState
        what="application profiles"
        data={rows}
        error={cache.error}
        onRetry={cache.retry}
        isEmpty={(r) => r.length === 0}
        empty="No application profiles yet."
      >
        {() => (
          <>
            <Table.ScrollArea>
              <Table.Root size="sm" variant="line" aria-label="Application profiles">
                <Table.Header>
                  <Table.Row>
                    <SortableHeader column="name" label="Name" sort={list.sort} onSort={list.toggleSort} />
                    <SortableHeader
                      column="description"
                      label="Description"
                      sort={list.sort}
                      onSort={list.toggleSort}
                      hideBelow="md"
                    />
                    <SortableHeader
                      column="application"
                      label="Application"
                      sort={list.sort}
                      onSort={list.toggleSort}
                    />
                    <SortableHeader column="role" label="Roles" sort={null} onSort={list.toggleSort} sortable={false} />
                    <SortableHeader
                      column="parameter"
                      label="Parameters"
                      sort={null}
                      onSort={list.toggleSort}
                      sortable={false}
                      hideBelow="sm"
                    />
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {list.rows.map((row) => (
                    <Table.Row key={row.uuid} verticalAlign="top" whiteSpace="normal">
                      <Table.Cell>
                        <ChakraLink asChild color="blue.fg">
                          <Link href={toAppProfileEdit(row.uuid)}>{row.name}</Link>
                        </ChakraLink>
                      </Table.Cell>
                      <Table.Cell hideBelow="md" color="fg.muted" whiteSpace="normal" minW="48">
                        {row.description}
                      </Table.Cell>
                      <Table.Cell>{row.application}</Table.Cell>
                      <Table.Cell data-column="roles">
                        <ExpandableItems items={row.roles} expanded={expanded} />
                      </Table.Cell>
                      <Table.Cell data-column="parameters" hideBelow="sm">
                        <ExpandableItems items={row.parameters} expanded={expanded} />
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
            <ClientListFooter list={list} empty="No application profiles match" />
          </>
        )}
      </DataState>
    </Screen>
  );
}
