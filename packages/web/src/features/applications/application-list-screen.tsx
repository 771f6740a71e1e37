// Application list (spec §2, §6, §8 Applications): Name (link to edit), Roles
// and Element, sortable and filtered like every list; 'New Application' for
// ERRIGAL_ADMIN, 'Sync All Applications' for admins.
import { Button, Table } from '@chakra-ui/react';
import { applicationMessages } from '@userprofile/shared/messages';
import { useState } from 'react';
import { LuPlus, LuRefreshCw } from 'react-icons/lu';
import { DataState } from '../../components/ui/data-state.tsx';
import {
  ClientListFooter,
  EmptyList,
  ExpandableItems,
  ExpandToggle,
  ExportButton,
  FilterBar,
  ListTable,
  RecordLink,
} from '../../components/ui/list-kit.tsx';
import { LinkButton, ListFrame, Screen } from '../../components/ui/page.tsx';
import { exportClientList } from '../../lib/csv-export.ts';
import { type Application, applications } from '../../lib/data/applications.ts';
import { useCache } from '../../lib/data/use-cache.ts';
import { toApplicationEdit, toApplicationNew } from '../../lib/paths.ts';
import { roleOf, useSession } from '../../lib/session.ts';
import { notify } from '../../lib/toaster.ts';
import { type ListColumn, useClientList } from '../../lib/use-client-list.ts';
import { syncAllApplications } from './api.ts';

const names = (rows: readonly { name: string }[]) => rows.map((r) => r.name);

const COLUMNS: readonly ListColumn<Application>[] = [
  { key: 'name', label: 'Name', value: (a) => a.name },
  { key: 'roles', label: 'Roles', value: (a) => names(a.roles).join(', ') },
  { key: 'elements', label: 'Element', value: (a) => names(a.elements).join(', ') },
];

/** The Expand toggle, in the address as `expanded=yes`. */
const EXPAND = { expanded: ['no', 'yes'] } as const;

/** Spec §8: '{n} Applications Synced', the empty-answer warning, or the failure. */
async function syncAll(): Promise<void> {
  try {
    const synced = await syncAllApplications();
    if (synced.length === 0) notify.warning(applicationMessages.syncAllEmpty);
    else notify.success(applicationMessages.syncAllSuccess(synced.length));
  } catch {
    notify.error(applicationMessages.syncAllFailed);
  }
}

export function ApplicationListScreen() {
  const role = roleOf(useSession((s) => s.user));
  const list = useCache(applications);
  const view = useClientList(list.data, COLUMNS, {
    initialSort: { column: 'name', direction: 'asc' },
    url: { name: 'applications', toggles: EXPAND },
  });
  const expanded = view.toggles.expanded === 'yes';
  const [syncing, setSyncing] = useState(false);
  const newApplication =
    role === 'ERRIGAL_ADMIN' ? (
      <LinkButton href={toApplicationNew()} primary>
        <LuPlus aria-hidden /> New Application
      </LinkButton>
    ) : null;

  const actions = (
    <>
      <ExportButton onExport={() => exportClientList('applications', COLUMNS, view)} disabled={!list.data} />
      <Button
        size="sm"
        variant="outline"
        loading={syncing}
        loadingText="Syncing..."
        onClick={async () => {
          setSyncing(true);
          await syncAll();
          setSyncing(false);
        }}
      >
        <LuRefreshCw aria-hidden /> Sync All Applications
      </Button>
      {newApplication}
    </>
  );

  return (
    <Screen
      title="Applications"
      actions={actions}
      cardHeader={
        <FilterBar filters={COLUMNS} values={view.filters} onChange={view.setFilter}>
          <ExpandToggle expanded={expanded} onChange={(on) => view.setToggle('expanded', on ? 'yes' : 'no')} />
        </FilterBar>
      }
    >
      <DataState
        what="applications"
        data={list.data}
        error={list.error}
        onRetry={list.retry}
        isEmpty={(rows) => rows.length === 0}
        empty={<EmptyList text="No applications yet." action={newApplication} />}
      >
        {() => (
          <ListFrame footer={<ClientListFooter list={view} />}>
            <ListTable
              label="Applications"
              columns={COLUMNS}
              list={view}
              noMatch="No applications match"
              stickyHeader
              interactive
            >
              {view.rows.map((app) => (
                <Table.Row key={app.uuid}>
                  <Table.Cell>
                    <RecordLink href={toApplicationEdit(app.uuid)} fontWeight="medium">
                      {app.name}
                    </RecordLink>
                  </Table.Cell>
                  <Table.Cell>
                    <ExpandableItems items={names(app.roles)} expanded={expanded} />
                  </Table.Cell>
                  <Table.Cell>
                    <ExpandableItems items={names(app.elements)} expanded={expanded} />
                  </Table.Cell>
                </Table.Row>
              ))}
            </ListTable>
          </ListFrame>
        )}
      </DataState>
    </Screen>
  );
}
