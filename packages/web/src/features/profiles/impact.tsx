// The impact preview (beyond the spec): before a changed profile that users
// depend on is saved, the editor asks the server who the change reaches and
// what they gain or lose (POST /profile/{app,business}/impact), shows it, and
// saves only when the admin confirms. Only when there is something to confirm
// (a question with nothing behind it teaches the admin to click through): a role or element gained or lost by at least one user, or a
// change of who may see the profile; any other edit (a description) saves at
// once with its spec §8 message.
import { Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { notify } from '../../lib/toaster.ts';
import type { ImpactItem, ProfileImpact } from './api.ts';
import { NoPreviewError } from './derived-impact.ts';

/** Neither the extension nor the spec calls could say who the change reaches. */
export const NO_PREVIEW =
  'No preview is available: this backend does not offer one, and who this change reaches could not be worked out from its answers. Save the change anyway?';

/** What an editor gives the gate: the calls and the state of its useEditor. */
export interface ImpactGateOptions<Form> {
  mode: 'create' | 'edit';
  form: Form | null;
  valid: boolean;
  dirty: boolean;
  saving: boolean;
  submit: () => Promise<void>;
  preview: (form: Form, audienceChanged: boolean) => Promise<ProfileImpact>;
  /** Whether the form changes who may see the saved profile (its minimum role or company). */
  audienceChanged: (form: Form) => boolean;
  /** The save failure message (the preview is the first step of the save). */
  saveFailed: (error: unknown) => string;
  saveInProgress: string;
}

export interface ImpactGate {
  /** Submit: the preview first when a saved profile changed, then the save. */
  submit: () => Promise<void>;
  /** The preview waiting for the admin's answer ('unavailable': a plain confirmation, no preview to show). */
  pending: ProfileImpact | 'unavailable' | null;
  /** The change waiting for an answer also changes who may see the profile. */
  audienceChanged: boolean;
  confirm: () => Promise<void>;
  back: () => void;
  busy: boolean;
}

export const usersReached = (impact: ProfileImpact): number => impact.activeUsers + impact.inactiveUsers;

/** How many roles and elements the users reached gain or lose. */
export const grantChanges = (impact: ProfileImpact): number =>
  impact.rolesGained.length + impact.rolesLost.length + impact.elementsGained.length + impact.elementsLost.length;

/** Something to confirm: a user's access changes, or who may see the profile. */
export function needsConfirmation(impact: ProfileImpact, audienceChanged: boolean): boolean {
  return audienceChanged || (usersReached(impact) > 0 && grantChanges(impact) > 0);
}

export function useImpactGate<Form>(o: ImpactGateOptions<Form>): ImpactGate {
  const [pending, setPending] = useState<ProfileImpact | 'unavailable' | null>(null);
  const [audienceChanged, setAudienceChanged] = useState(false);
  const [checking, setChecking] = useState(false);

  const submit = async () => {
    if (checking) {
      notify.warning(o.saveInProgress);
      return;
    }
    // New, unchanged or invalid forms go straight to the editor's submit (and its warnings).
    if (o.mode === 'create' || !o.form || !o.valid || !o.dirty || o.saving) return o.submit();
    setChecking(true);
    try {
      const audience = o.audienceChanged(o.form);
      const impact = await o.preview(o.form, audience);
      if (!needsConfirmation(impact, audience)) await o.submit();
      else {
        setAudienceChanged(audience);
        setPending(impact);
      }
    } catch (error) {
      if (error instanceof NoPreviewError) setPending('unavailable');
      else notify.error(o.saveFailed(error));
    } finally {
      setChecking(false);
    }
  };

  return {
    submit,
    pending,
    audienceChanged,
    busy: checking,
    confirm: async () => {
      setPending(null);
      await o.submit();
    },
    back: () => setPending(null),
  };
}

function ItemList({ title, items }: { title: string; items: readonly ImpactItem[] }) {
  if (items.length === 0) return null;
  return (
    <Stack gap="1" data-impact={title}>
      <Text fontWeight="medium">{`${title} (${items.length})`}</Text>
      <Stack as="ul" gap="0.5" ps="4" maxH="32" overflow="auto" listStyleType="disc" fontSize="sm">
        {items.map((item) => (
          <li key={item.uuid}>
            {item.name}{' '}
            <Text as="span" color="fg.muted">
              {`(${item.application.name})`}
            </Text>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}

export function ImpactDialog({ gate }: { gate: ImpactGate }) {
  const impact = gate.pending === 'unavailable' ? null : gate.pending;
  const changes = impact ? grantChanges(impact) : 0;
  return (
    <ConfirmDialog
      open={gate.pending !== null}
      onOpenChange={(open) => {
        if (!open) gate.back();
      }}
      title="Review Impact"
      confirmLabel="Save Changes"
      cancelLabel="Go Back"
      confirmPalette="blue"
      onConfirm={() => void gate.confirm()}
    >
      {gate.pending === 'unavailable' ? <Text data-impact="unavailable">{NO_PREVIEW}</Text> : null}
      {impact ? (
        <>
          {gate.audienceChanged ? (
            <Text data-impact="audience">
              Who may see this profile changes: its Visible To (minimum role or company) is not what it was.
            </Text>
          ) : null}
          <Text data-impact="users">
            {`This change reaches ${impact.activeUsers} active and ${impact.inactiveUsers} inactive users`}
            {impact.businessProfiles > 1 ? ` through ${impact.businessProfiles} business profiles.` : '.'}
          </Text>
          {changes === 0 ? (
            <Text color="fg.muted">They gain and lose no roles or elements.</Text>
          ) : (
            <>
              <ItemList title="Roles gained" items={impact.rolesGained} />
              <ItemList title="Roles lost" items={impact.rolesLost} />
              <ItemList title="Elements gained" items={impact.elementsGained} />
              <ItemList title="Elements lost" items={impact.elementsLost} />
            </>
          )}
        </>
      ) : null}
    </ConfirmDialog>
  );
}
