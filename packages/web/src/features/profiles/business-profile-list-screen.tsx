// Business profile list (spec §2): Name, Description and one column per
// application with the chosen app profile's name or '---'; filters on name,
// description and app profile names (comma-separated, every name must
// match); paginated; 'New Profile'.
import { Table } from '@chakra-ui/react';
import { DEFAULT_PAGE } from '@userprofile/shared/constants';
import { useMemo, useState } from 'react';
import { DataState } from '../../components/ui/data-state.tsx';
import { FilterBar, type ListHeader } from '../../components/ui/list-kit.tsx';
import { LinkButton, Screen } from '../../components/ui/page.tsx';
import { applications } from '../../lib/data/applications.ts';
import { businessProfiles } from '../../lib/data/business-profiles.ts';
import { combineLoads, useCache } from '../../lib/data/use-cache.ts';
import { toBusinessProfileEdit, toBusinessProfileNew } from '../../lib/paths.ts';
import { type ListColumn, useClientList } from '../../lib/use-client-list.ts';
import { ProfileListTable } from './profile-list-table.tsx';
import { appProfileCell, type BusinessProfileRow, filterByAppProfiles, toBusinessProfileRow } from './profile-lists.ts';

const TEXT_COLUMNS: readonly (ListColumn<BusinessProfileRow> & ListHeader)[] = [
  { key: 'name', label: 'Name', value: (r) => r.name },
  { key: 'description', label: 'Description', value: (r) => r.description, hideBelow: 'md' },
];
const APP_PROFILE_FILTER = { key: 'appProfiles', label: 'App Profiles (comma-separated)' };

export function BusinessProfileListScreen() {
  const profiles = useCache(businessProfiles);
  const apps = useCache(applications);
  const loads = combineLoads([profiles, apps] as const);
  const [appProfileFilter, setAppProfileFilter] = useState('');

  const columns = useMemo<(ListColumn<BusinessProfileRow> & ListHeader)[]>(
    () => [
      ...TEXT_COLUMNS,
      ...(apps.data ?? []).map((app) => ({
        key: `app:${app.uuid}`,
        label: app.name,
        value: (r: BusinessProfileRow) => appProfileCell(r, app),
        filter: false,
      })),
    ],
    [apps.data],
  );
  // The app profile filter is a rule of its own (every listed name), applied before the column filters.
  const rows = useMemo(
    () => (profiles.data ? filterByAppProfiles(profiles.data.map(toBusinessProfileRow), appProfileFilter) : null),
    [profiles.data, appProfileFilter],
  );
  const list = useClientList(rows, columns, { initialSort: { column: 'name', direction: 'asc' } });

  return (
    <Screen
      title="Business Profiles"
      actions={
        <LinkButton href={toBusinessProfileNew()} primary>
          New Profile
        </LinkButton>
      }
      cardHeader={
        <FilterBar
          filters={[...TEXT_COLUMNS, APP_PROFILE_FILTER]}
          values={{ ...list.filters, [APP_PROFILE_FILTER.key]: appProfileFilter }}
          onChange={(key, value) => {
            if (key !== APP_PROFILE_FILTER.key) return list.setFilter(key, value);
            setAppProfileFilter(value);
            list.setPage(DEFAULT_PAGE);
          }}
        />
      }
    >
      <DataState
        what="business profiles"
        data={loads.data}
        error={loads.error}
        onRetry={loads.retry}
        isEmpty={([p]) => p.length === 0}
        empty="No business profiles yet."
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
