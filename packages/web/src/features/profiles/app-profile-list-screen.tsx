// Application profile list (spec §2): Name (link, sortable), Description,
// Application, Roles, Parameters; five filters; paginated; the toggle that
// expands every row's roles and parameters; 'New App Profile'.
import { Table } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { DataState } from '../../components/ui/data-state.tsx';
import { ExpandableItems, ExpandToggle, FilterBar, type ListHeader } from '../../components/ui/list-kit.tsx';
import { LinkButton, Screen } from '../../components/ui/page.tsx';
import { appProfiles } from '../../lib/data/app-profiles.ts';
import { useCache } from '../../lib/data/use-cache.ts';
import { toAppProfileEdit, toAppProfileNew } from '../../lib/paths.ts';
import { useClientList } from '../../lib/use-client-list.ts';
import { ProfileListTable } from './profile-list-table.tsx';
import { APP_PROFILE_COLUMNS, toAppProfileRow } from './profile-lists.ts';

/** The headers name the Roles and Parameters columns in the plural (the filters: 'Filter by Role'). */
const HEADERS: readonly ListHeader[] = [
  { key: 'name', label: 'Name' },
  { key: 'description', label: 'Description', hideBelow: 'md' },
  { key: 'application', label: 'Application' },
  { key: 'role', label: 'Roles', sort: false },
  { key: 'parameter', label: 'Parameters', sort: false, hideBelow: 'sm' },
];

export function AppProfileListScreen() {
  const cache = useCache(appProfiles);
  const rows = useMemo(() => cache.data?.map(toAppProfileRow) ?? null, [cache.data]);
  const list = useClientList(rows, APP_PROFILE_COLUMNS, { initialSort: { column: 'name', direction: 'asc' } });
  const [expanded, setExpanded] = useState(false);

  return (
    <Screen
      title="Application Profiles"
      actions={
        <LinkButton href={toAppProfileNew()} primary>
          New App Profile
        </LinkButton>
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
          <ProfileListTable
            label="Application profiles"
            columns={HEADERS}
            list={list}
            editPath={toAppProfileEdit}
            noMatch="No application profiles match"
            cells={(row) => (
              <>
                <Table.Cell>{row.application}</Table.Cell>
                <Table.Cell data-column="roles">
                  <ExpandableItems items={row.roles} expanded={expanded} />
                </Table.Cell>
                <Table.Cell data-column="parameters" hideBelow="sm">
                  <ExpandableItems items={row.parameters} expanded={expanded} />
                </Table.Cell>
              </>
            )}
          />
        )}
      </DataState>
    </Screen>
  );
}
