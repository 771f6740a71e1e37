// OAuth2 clients: those the sign-in knows (Store.findClient), each with its redirect target and secret.
import { createHash, randomUUID } from 'node:crypto';
import { validateOAuthClient } from '@userprofile/shared/validation';
import { type Caller, requireArea } from './access.ts';
import { ConflictError, InvalidError, notFound } from './errors.ts';
import { byName, type StoreState } from './store-state.ts';
import type { ClientRecord } from './types.ts';
import { FieldErrors } from './validate.ts';

export type ClientInput = Omit<ClientRecord, 'uuid' | 'redirectTargets'> & { uuid?: string | null };

/**
 * The uuid of a client whose client_id is its name (a fixtures file's, as
 * another application's configuration names it): made from the name (a
 * name-based uuid), so Store.findClient finds the client by either, and the
 * same file gives the same client at every reset. A client saved through the
 * API has a random uuid and answers to it alone.
 */
export function namedClientUuid(name: string): string {
  return nameBasedUuid(`userprofile client\0${name}`);
}

/** A uuid (version 5 layout, from a SHA-256 digest) that the same text always gives. */
export function nameBasedUuid(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex');
  const variant = ((Number.parseInt(hex.charAt(16), 16) & 3) | 8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function listClients(state: StoreState, caller: Caller): ClientRecord[] {
  requireArea(caller, 'clients');
  return [...state.clients.values()].sort(byName);
}

export function getClient(state: StoreState, caller: Caller, uuid: string): ClientRecord {
  requireArea(caller, 'clients');
  const c = state.clients.get(uuid);
  if (!c) throw notFound('Client', uuid);
  return c;
}

export function saveClient(state: StoreState, caller: Caller, input: ClientInput): ClientRecord {
  requireArea(caller, 'clients');
  const existing = input.uuid ? state.clients.get(input.uuid) : undefined;
  if (input.uuid && !existing) throw notFound('Client', input.uuid);
  const errors = new FieldErrors('body.');
  errors.addAll(validateOAuthClient(input));
  if (errors.list.length > 0) throw new InvalidError('The client is not valid', errors.list);
  if (state.clients.nameTaken(input.name, existing?.uuid))
    throw new ConflictError('A client with this name already exists');
  const record: ClientRecord = {
    uuid: existing?.uuid ?? randomUUID(),
    name: input.name,
    description: input.description,
    allowedRedirectTarget: input.allowedRedirectTarget ?? '',
    clientSecret: input.clientSecret,
  };
  return state.saveNamed('authClient', state.clients, caller, existing, record);
}
