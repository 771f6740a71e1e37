// OAuth2 client create/edit (spec §2 "OAuth2 client list and edit", §5, §8
// "OAuth2 client"; ERRIGAL_ADMIN only): the read-only client id, the secret
// with its dice (a new 32-character secret from the platform's CSPRNG, as a
// new client gets at once), name, description, allowed redirect target;
// Create Client / Update Client. Beyond the spec: copy buttons, and the
// addresses another application signs its users in with. The life of the
// form is lib/use-editor.ts; the rules and mapping ./auth-client-form.ts.
import { Box, Code, Flex, Grid, Heading, IconButton, Stack, Text } from '@chakra-ui/react';
import { generateClientSecret } from '@userprofile/shared/constants';
import { oauthClientMessages } from '@userprofile/shared/messages';
import type { OAuthClientField } from '@userprofile/shared/validation';
import { LuDices } from 'react-icons/lu';
import { ConflictDialog } from '../../components/ui/conflict-dialog.tsx';
import { CopyButton } from '../../components/ui/copy-button.tsx';
import { DataState } from '../../components/ui/data-state.tsx';
import { EditorActions, EditorForm } from '../../components/ui/editor-form.tsx';
import { TextField } from '../../components/ui/fields.tsx';
import { Screen } from '../../components/ui/page.tsx';
import { BasicAndHistoryTabs } from '../../components/ui/record-history.tsx';
import { SecretField } from '../../components/ui/secret-field.tsx';
import { failureReason } from '../../lib/api/errors.ts';
import { getConfig } from '../../lib/config.ts';
import { editorScreen } from '../../lib/editor-screen.ts';
import { toAuthClientEdit, toAuthClientList } from '../../lib/paths.ts';
import { pleaseWaitUntil, useEditor } from '../../lib/use-editor.ts';
import { fetchAuthClient, saveAuthClient } from './api.ts';
import {
  type AuthClient,
  type AuthClientForm,
  describeAuthClientField,
  signInAddresses,
  toAuthClientForm,
  toAuthClientPayload,
  validateAuthClientForm,
} from './auth-client-form.ts';

export const AuthClientEditScreen = editorScreen(AuthClientEditor);

function AuthClientEditor({ uuid }: { uuid: string | null }) {
  const editor = useEditor<AuthClient, AuthClientForm, OAuthClientField>({
    uuid,
    load: fetchAuthClient,
    toForm: (client) => toAuthClientForm(client),
    validate: validateAuthClientForm,
    save: (form) => saveAuthClient(toAuthClientPayload(form)),
    uuidOf: (client) => client.uuid,
    editPath: toAuthClientEdit,
    listPath: toAuthClientList(),
    conflict: { what: (client) => client.name, describe: describeAuthClientField },
    messages: {
      saveInProgress: pleaseWaitUntil('Updating Client'),
      saved: () => oauthClientMessages.saved,
      saveFailed: (error) => ({ title: oauthClientMessages.saveError, description: failureReason(error) }),
    },
  });
  const isNew = uuid === null;

  return (
    <Screen
      title={isNew ? 'New Client' : 'Editing Client'}
      {...(!isNew && editor.record ? { subtitle: editor.record.name } : {})}
      {...(!isNew && editor.record ? { documentTitle: `Editing Client ${editor.record.name}` } : {})}
    >
      <ConflictDialog conflict={editor.conflict} />
      <DataState what="the client" data={editor.form} error={editor.error} onRetry={editor.retry}>
        {(form) => {
          const { set, bind } = editor;
          // The addresses follow the saved client, not unsaved edits.
          const saved = editor.record ? toAuthClientForm(editor.record) : null;
          const addresses = saved ? signInAddresses(saved, window.location.origin, getConfig().apiBaseUrl) : null;
          return (
            <BasicAndHistoryTabs kind="authClient" uuid={uuid} record={editor.record}>
              <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap="8" alignItems="start">
                <EditorForm onSubmit={editor.submit}>
                  <Stack gap="4">
                    <TextField
                      label="Client Id"
                      readOnly
                      monospace
                      value={form.uuid ?? ''}
                      onChange={() => {}}
                      helper={isNew ? 'Given when the client is created' : undefined}
                      end={form.uuid ? <CopyButton value={form.uuid} label="Copy client id" /> : undefined}
                    />
                    <SecretField
                      label="Client Secret"
                      required
                      autoComplete="off"
                      {...bind('clientSecret')}
                      helper="The other application authenticates with it at the token endpoint"
                      end={
                        <IconButton
                          size="sm"
                          variant="outline"
                          aria-label="Generate a new secret"
                          title="Generate a new secret"
                          onClick={() => set('clientSecret', generateClientSecret())}
                        >
                          <LuDices />
                        </IconButton>
                      }
                    />
                    <TextField label="Name" required {...bind('name')} />
                    <TextField label="Description" required {...bind('description')} />
                    <TextField
                      label="Allowed Redirect Target"
                      type="url"
                      monospace
                      {...bind('allowedRedirectTarget')}
                      helper="An absolute https URL, or http on localhost / 127.0.0.1"
                    />
                    <EditorActions
                      submitLabel={isNew ? 'Create Client' : 'Update Client'}
                      editor={editor}
                      invalidHint
                      mt="2"
                    />
                  </Stack>
                </EditorForm>
                <SignInPanel addresses={addresses} />
              </Grid>
            </BasicAndHistoryTabs>
          );
        }}
      </DataState>
    </Screen>
  );
}

/** What another application needs to sign its users in with this client. */
function SignInPanel({ addresses }: { addresses: ReturnType<typeof signInAddresses> }) {
  return (
    <Box as="section" aria-label="Sign-in addresses" borderWidth="1px" borderRadius="md" p="4" bg="bg.subtle">
      <Heading as="h2" size="sm" mb="2">
        Sign-in addresses
      </Heading>
      {addresses ? (
        <Stack gap="3" fontSize="sm">
          <Text color="fg.muted">
            The other application sends the browser here, adding its own <Code>state</Code> and{' '}
            <Code>code_challenge</Code>:
          </Text>
          <Address label="Authorize URL" value={addresses.authorize} />
          <Text color="fg.muted">
            It then exchanges the code at the token endpoint with the client id and secret (HTTP Basic or form fields)
            and the same <Code>redirect_uri</Code>:
          </Text>
          <Address label="Token endpoint" value={addresses.token} />
        </Stack>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          Once the client is saved with an allowed redirect target, the authorize URL another application uses shows
          here.
        </Text>
      )}
    </Box>
  );
}

function Address({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Flex justify="space-between" align="center" mb="1">
        <Text fontWeight="medium">{label}</Text>
        <CopyButton value={value} label={`Copy ${label.toLowerCase()}`} />
      </Flex>
      <Code
        display="block"
        whiteSpace="pre-wrap"
        wordBreak="break-all"
        p="2"
        fontSize="xs"
        data-testid={label.toLowerCase().replace(/ /g, '-')}
      >
        {value}
      </Code>
    </Box>
  );
}
