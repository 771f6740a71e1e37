// Business profile list (spec §2): Name, Description and one column per
// application with the chosen app profile's name or '---'; filters on name,
// description and app profile names (comma-separated, every name must
// match); paginated; 'New Profile'.
import { Table } from '@chakra-ui/react';
import { useMemo } from 'react';
import { DataState } from '../../components/ui/data-state.tsx';
import { EmptyList, ExportButton, FilterBar, type ListHeader } from '../../components/ui/list-kit.tsx';
import { LinkButton, Screen } from '../../components/ui/page.tsx';
import { exportClientList } from '../../lib/csv-export.ts';
import { applications } from '../../lib/data/applications.ts';
import { businessProfiles } from '../../lib/data/business-profiles.ts';
import { combineLoads, useCache } from '../../lib/data/use-cache.ts';
import { toBusinessProfileEdit, toBusinessProfileNew } from '../../lib/paths.ts';
import { type ListColumn, useClientList } from '../../lib/use-client-list.ts';
import { ProfileListTable } from './profile-list-table.tsx';
import {
  appProfileCell,
  appProfileSortValue,
  type BusinessProfileRow,
  matchesAppProfiles,
  toBusinessProfileRow,
} from './profile-lists.ts';

const TEXT_COLUMNS: readonly (ListColumn<BusinessProfileRow> & ListHeader)[] = [
  { key: 'name', label: 'Name', value: (r) => r.name },
  { key: 'description', label: 'Description', value: (r) => r.description, hideBelow: 'md' },
];
/** The app profile filter: a rule of its own (every listed name), not a column of the table. */
const APP_PROFILE_FILTER: ListColumn<BusinessProfileRow> = {
  key: 'appProfiles',
  label: 'App Profiles (comma-separated)',
  value: (r) => r.appProfileNames,
  match: matchesAppProfiles,
  sort: false,
};
/** An application's column is sortable once the applications are loaded (a sort in the address may come first). */
const APP_COLUMN = /^app:[0-9a-f-]{36}$/;

export function BusinessProfileListScreen() {
  const profiles = useCache(businessProfiles);
  const apps = useCache(applications);
  const loads = combineLoads([profiles, apps] as const);

  const columns = useMemo<(ListColumn<BusinessProfileRow> & ListHeader)[]>(
    () => [
      ...TEXT_COLUMNS,
      ...(apps.data ?? []).map((app) => ({
        key: `app:${app.uuid}`,
        label: app.name,
        value: (r: BusinessProfileRow) => appProfileSortValue(r, app),
        filter: false,
      })),
    ],
    [apps.data],
  );
  const listColumns = useMemo(() => [...columns, APP_PROFILE_FILTER], [columns]);
  const rows = useMemo(() => profiles.data?.map(toBusinessProfileRow) ?? null, [profiles.data]);
  const list = useClientList(rows, listColumns, {
    initialSort: { column: 'name', direction: 'asc' },
    url: { name: 'businessProfiles', sortable: (column) => APP_COLUMN.test(column) },
  });
  const newProfile = (
    <LinkButton href={toBusinessProfileNew()} primary>
      New Profile
    </LinkButton>
  );

  return (
    <Screen
      // Rows wrap (long names, one column per application): the page scrolls rather than the card, so a whole page shows.
      grow
      title="Business Profiles"
      actions={
        <>
          <ExportButton
            // An application without a profile is an empty cell ('---' would read as a formula start, and be quoted).
            onExport={() => exportClientList('business-profiles', columns, list)}
            disabled={!loads.data}
          />
          {newProfile}
        </>
      }
      cardHeader={
        <FilterBar filters={[...TEXT_COLUMNS, APP_PROFILE_FILTER]} values={list.filters} onChange={list.setFilter} />
      }
    >
      <DataState
        what="business profiles"
        data={loads.data}
        error={loads.error}
        onRetry={loads.retry}
        isEmpty={([p]) => p.length === 0}
        empty={<EmptyList text="No business profiles yet." action={newProfile} />}
      >
        {([, appList]) => (
          <ProfileListTable
            label="Business profiles"
            columns={columns}
            list={list}
            editPath={toBusinessProfileEdit}
            noMatch="No business profiles match"
            cells={(row) =>
              appList.map((app) => (
                <Table.Cell key={app.uuid} data-column={app.name}>
                  {appProfileCell(row, app)}
                </Table.Cell>
              ))
            }
          />
        )}
      </DataState>
    </Screen>
  );
}
