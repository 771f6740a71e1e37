// The visibility profile's delete confirmation (spec §2, §8 "Visibility"):
// it lists the users of the profile, loaded when it opens, each a link to
// their editor, and names a failure to load them with the area's message.
import { Text } from '@chakra-ui/react';
import { profileMessages } from '@userprofile/shared/messages';
import { useEffect, useState } from 'react';
import { ConfirmDialog, DeleteImpact, userImpact } from '../../components/ui/confirm-dialog.tsx';
import { toUserEdit } from '../../lib/paths.ts';
import { fetchVisibilityProfileUsers, type ProfileUser } from './api.ts';
import type { VisibilityProfile } from './visibility-form.ts';

const m = profileMessages.visibility;

/** The delete confirmation lists the users of the profile (loaded when it opens). */
export function DeleteConfirm({
  open,
  onOpenChange,
  profile,
  busy,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  profile: VisibilityProfile;
  busy: boolean;
  onConfirm: () => void;
}) {
  const [users, setUsers] = useState<ProfileUser[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!open) return;
    let live = true;
    setUsers(null);
    setFailed(false);
    fetchVisibilityProfileUsers(profile.uuid).then(
      (list) => live && setUsers(list),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [open, profile.uuid]);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Delete Visibility ${profile.name}?`}
      onConfirm={onConfirm}
      busy={busy}
    >
      <Text>Users who have this visibility profile are left without one.</Text>
      <DeleteImpact
        {...userImpact(users, toUserEdit)}
        heading="Users who have this visibility profile:"
        loading={users === null && !failed}
        error={failed ? m.dependantsLoadFailed : null}
        none="No user has this visibility profile."
      />
    </ConfirmDialog>
  );
}
