// Application profile list (spec §2): Name (link, sortable), Description,
// Application, Roles, Parameters; five filters; paginated; the toggle that
// expands every row's roles and parameters; 'New App Profile'.
import { Table } from '@chakra-ui/react';
import { useMemo } from 'react';
import { DataState } from '../../components/ui/data-state.tsx';
import {
  EmptyList,
  ExpandableItems,
  ExpandToggle,
  ExportButton,
  FilterBar,
  type ListHeader,
} from '../../components/ui/list-kit.tsx';
import { LinkButton, Screen } from '../../components/ui/page.tsx';
import { exportClientList } from '../../lib/csv-export.ts';
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

/** The Expand toggle, in the address as `expanded=yes`. */
const EXPAND = { expanded: ['no', 'yes'] } as const;

/** The export's columns: the headers' names (plural Roles and Parameters). */
const EXPORT_COLUMNS = APP_PROFILE_COLUMNS.map((c) => ({
  ...c,
  label: HEADERS.find((h) => h.key === c.key)?.label ?? c.label,
}));

export function AppProfileListScreen() {
  const cache = useCache(appProfiles);
  const rows = useMemo(() => cache.data?.map(toAppProfileRow) ?? null, [cache.data]);
  const list = useClientList(rows, APP_PROFILE_COLUMNS, {
    initialSort: { column: 'name', direction: 'asc' },
    url: { name: 'appProfiles', toggles: EXPAND },
  });
  const expanded = list.toggles.expanded === 'yes';
  const newProfile = (
    <LinkButton href={toAppProfileNew()} primary>
      New App Profile
    </LinkButton>
  );

  return (
    <Screen
      // Rows wrap (long names, one column per application): the page scrolls rather than the card, so a whole page shows.
      grow
      title="Application Profiles"
      actions={
        <>
          <ExportButton
            onExport={() => exportClientList('application-profiles', EXPORT_COLUMNS, list)}
            disabled={!rows}
          />
          {newProfile}
        </>
      }
      cardHeader={
        <FilterBar filters={APP_PROFILE_COLUMNS} values={list.filters} onChange={list.setFilter}>
          <ExpandToggle expanded={expanded} onChange={(on) => list.setToggle('expanded', on ? 'yes' : 'no')} />
        </FilterBar>
      }
    >
      <DataState
        what="application profiles"
        data={rows}
        error={cache.error}
        onRetry={cache.retry}
        isEmpty={(r) => r.length === 0}
        empty={<EmptyList text="No application profiles yet." action={newProfile} />}
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
