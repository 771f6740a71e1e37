// Visibility profile list (spec §2): Name and Description with their
// filters, paginated, 'New Visibility', and the 'Sync Visibility Elements'
// dropdown (NE Attribute and Venue only with the layout codes NEA / VEN).
import { Button, Menu, Portal, Table } from '@chakra-ui/react';
import { VISIBILITY_SYNC_ALL, visibilitySyncKindsFor } from '@userprofile/shared/constants';
import { LuChevronDown, LuPlus, LuRefreshCw } from 'react-icons/lu';
import { useSnapshot } from 'valtio';
import { DataState } from '../../components/ui/data-state.tsx';
import {
  ClientListFooter,
  EmptyList,
  ExportButton,
  FilterBar,
  type ListHeader,
  ListTable,
  RecordLink,
  TextCell,
} from '../../components/ui/list-kit.tsx';
import { LinkButton, Screen } from '../../components/ui/page.tsx';
import { exportClientList } from '../../lib/csv-export.ts';
import { useCache } from '../../lib/data/use-cache.ts';
import { type VisibilityProfile, visibilityProfiles } from '../../lib/data/visibility-profiles.ts';
import { toVisibilityProfileEdit, toVisibilityProfileNew } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.ts';
import { type ListColumn, useClientList } from '../../lib/use-client-list.ts';
import { runSync, syncState } from './visibility-sync.ts';

const COLUMNS: readonly (ListColumn<VisibilityProfile> & ListHeader)[] = [
  { key: 'name', label: 'Name', value: (p) => p.name, width: '35%' },
  { key: 'description', label: 'Description', value: (p) => p.description ?? '' },
];

function SyncMenu() {
  const { syncing } = useSnapshot(syncState);
  const layoutCodes = useSession((s) => s.user?.layoutCode) ?? [];
  return (
    <Menu.Root
      onSelect={(d) => void runSync(d.value as Parameters<typeof runSync>[0])}
      positioning={{ placement: 'bottom-end' }}
    >
      <Menu.Trigger asChild>
        <Button size="sm" variant="outline" disabled={syncing} loading={syncing} loadingText="Syncing...">
          <LuRefreshCw aria-hidden /> Sync Visibility Elements <LuChevronDown aria-hidden />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value={VISIBILITY_SYNC_ALL}>All</Menu.Item>
            {visibilitySyncKindsFor(layoutCodes).map((k) => (
              <Menu.Item key={k.kind} value={k.kind}>
                {k.label}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

export function VisibilityListScreen() {
  const profiles = useCache(visibilityProfiles);
  const list = useClientList(profiles.data, COLUMNS, { url: { name: 'visibilityProfiles' } });
  const newProfile = (
    <LinkButton href={toVisibilityProfileNew()} primary>
      <LuPlus aria-hidden /> New Visibility
    </LinkButton>
  );
  return (
    <Screen
      title="Visibility Profiles"
      actions={
        <>
          <ExportButton
            onExport={() => exportClientList('visibility-profiles', COLUMNS, list)}
            disabled={!profiles.data}
          />
          <SyncMenu />
          {newProfile}
        </>
      }
      cardHeader={<FilterBar filters={COLUMNS} values={list.filters} onChange={list.setFilter} />}
    >
      <DataState
        what="visibility profiles"
        data={profiles.data}
        error={profiles.error}
        onRetry={profiles.retry}
        isEmpty={(rows) => rows.length === 0}
        empty={<EmptyList text="No visibility profiles yet." action={newProfile} />}
      >
        {() => (
          <>
            <ListTable
              label="Visibility profiles"
              columns={COLUMNS}
              list={list}
              noMatch="No visibility profiles match"
              interactive
            >
              {list.rows.map((p) => (
                <Table.Row key={p.uuid}>
                  <Table.Cell>
                    <RecordLink href={toVisibilityProfileEdit(p.uuid)}>{p.name}</RecordLink>
                  </Table.Cell>
                  <TextCell value={p.description} color="fg.muted" />
                </Table.Row>
              ))}
            </ListTable>
            <ClientListFooter list={list} />
          </>
        )}
      </DataState>
    </Screen>
  );
}
