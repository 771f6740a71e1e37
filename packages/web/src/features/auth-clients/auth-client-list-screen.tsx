// OAuth2 client list (spec §2 "OAuth2 client list and edit", ERRIGAL_ADMIN
// only): Name (link to edit), Redirect URL, Description, sortable and
// filtered like every list, and 'New Client'. The list never holds secrets.
import { Table, Text } from '@chakra-ui/react';
import { LuPlus } from 'react-icons/lu';
import { DataState } from '../../components/ui/data-state.tsx';
import {
  ClientListFooter,
  EmptyList,
  ExportButton,
  FilterBar,
  ListTable,
  RecordLink,
  TextCell,
} from '../../components/ui/list-kit.tsx';
import { LinkButton, ListFrame, Screen } from '../../components/ui/page.tsx';
import { exportClientList } from '../../lib/csv-export.ts';
import { type AuthClient, authClients } from '../../lib/data/auth-clients.ts';
import { useCache } from '../../lib/data/use-cache.ts';
import { toAuthClientEdit, toAuthClientNew } from '../../lib/paths.ts';
import { type ListColumn, useClientList } from '../../lib/use-client-list.ts';

const COLUMNS: readonly ListColumn<AuthClient>[] = [
  { key: 'name', label: 'Name', value: (c) => c.name },
  { key: 'redirect', label: 'Redirect URL', value: (c) => c.allowedRedirectTarget ?? '' },
  { key: 'description', label: 'Description', value: (c) => c.description },
];

export function AuthClientListScreen() {
  const list = useCache(authClients);
  const view = useClientList(list.data, COLUMNS, {
    initialSort: { column: 'name', direction: 'asc' },
    url: { name: 'authClients' },
  });
  const newClient = (
    <LinkButton href={toAuthClientNew()} primary>
      <LuPlus aria-hidden /> New Client
    </LinkButton>
  );

  return (
    <Screen
      title="OAuth2 Clients"
      actions={
        <>
          <ExportButton onExport={() => exportClientList('oauth2-clients', COLUMNS, view)} disabled={!list.data} />
          {newClient}
        </>
      }
      cardHeader={<FilterBar filters={COLUMNS} values={view.filters} onChange={view.setFilter} />}
    >
      <DataState
        what="the OAuth2 clients"
        data={list.data}
        error={list.error}
        onRetry={list.retry}
        isEmpty={(rows) => rows.length === 0}
        empty={<EmptyList text="No OAuth2 clients yet." action={newClient} />}
      >
        {() => (
          <ListFrame footer={<ClientListFooter list={view} />}>
            <ListTable
              label="OAuth2 Clients"
              columns={COLUMNS}
              list={view}
              noMatch="No clients match"
              stickyHeader
              interactive
            >
              {view.rows.map((client) => (
                <Table.Row key={client.uuid}>
                  <Table.Cell>
                    <RecordLink href={toAuthClientEdit(client.uuid)} fontWeight="medium">
                      {client.name}
                    </RecordLink>
                  </Table.Cell>
                  <Table.Cell fontFamily="mono" fontSize="xs" wordBreak="break-all">
                    {client.allowedRedirectTarget ?? (
                      <Text as="span" color="fg.muted" fontFamily="body">
                        none
                      </Text>
                    )}
                  </Table.Cell>
                  <TextCell value={client.description} />
                </Table.Row>
              ))}
            </ListTable>
          </ListFrame>
        )}
      </DataState>
    </Screen>
  );
}
