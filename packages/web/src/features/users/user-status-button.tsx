// A user's Status button on the Users list (spec §2): Active or Inactive, a
// menu to change it (Deactivate asks first, naming the user), or, for a user
// the signed-in admin may not change or one without a business profile, a
// disabled button whose tooltip says why.
import { Menu, Portal, Text, Tooltip } from '@chakra-ui/react';
import { pageTexts, userMessages } from '@userprofile/shared/messages';
import { useState } from 'react';
import { LuChevronDown } from 'react-icons/lu';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { notify } from '../../lib/toaster.ts';
import { setUserActive } from './api.ts';
import type { User } from './list-view.ts';
import { statusChangeErrorMessage } from './status-error.ts';
import { applyStatusChange } from './user-lists.ts';

async function changeStatus(user: User, active: boolean): Promise<void> {
  try {
    const list = await setUserActive(user, active);
    applyStatusChange(user, active, list);
    notify.success(active ? userMessages.activated(user.username) : userMessages.inactivated(user.username));
  } catch (error) {
    notify.error(statusChangeErrorMessage(error, user.username));
  }
}

// A page of rows renders fast because the Status dropdown and the tooltip
// (each a state machine) are mounted only when a user reaches for them.
export function StatusButton({ user }: { user: User }) {
  const [armed, setArmed] = useState(false);
  // Deactivating ends what the user can do at once: it is said, naming the user, before it is done.
  const [confirmingDeactivate, setConfirmingDeactivate] = useState(false);
  const label = user.active ? 'Active' : 'Inactive';
  const status = user.active ? 'active' : 'inactive';
  // A user the signed-in admin may not change (the server's reason), or one without a profile: no status menu.
  const locked = user.readOnlyReason ?? (user.businessProfile ? null : pageTexts.noProfileAssigned);
  if (locked) {
    const arm = () => setArmed(true);
    const trigger = (
      // A disabled button gets no pointer events: the wrapper, itself a disabled
      // button for assistive technology, carries the tooltip.
      // biome-ignore lint/a11y/useSemanticElements: a <button> here would be the disabled one the tooltip cannot hang on
      <span
        role="button"
        aria-disabled="true"
        tabIndex={0}
        aria-label={`${label}: ${locked}`}
        onPointerEnter={arm}
        onFocus={arm}
        style={{ display: 'inline-block' }}
      >
        <button
          type="button"
          className="user-status"
          data-status={status}
          disabled
          aria-hidden="true"
          tabIndex={-1}
          style={{ pointerEvents: 'none' }}
        >
          {label}
          <LuChevronDown aria-hidden />
        </button>
      </span>
    );
    if (!armed) return trigger;
    return (
      <Tooltip.Root openDelay={100} closeDelay={0} defaultOpen>
        <Tooltip.Trigger asChild>{trigger}</Tooltip.Trigger>
        <Portal>
          <Tooltip.Positioner>
            <Tooltip.Content>{locked}</Tooltip.Content>
          </Tooltip.Positioner>
        </Portal>
      </Tooltip.Root>
    );
  }
  const button = (
    <button
      type="button"
      className="user-status"
      data-status={status}
      aria-label={`Status of ${user.username}: ${label}`}
      aria-haspopup="menu"
      onClick={armed ? undefined : () => setArmed(true)}
    >
      {label}
      <LuChevronDown aria-hidden />
    </button>
  );
  if (!armed) return button;
  return (
    <>
      <Menu.Root
        defaultOpen
        onSelect={(details) => {
          if (details.value === 'activate') void changeStatus(user, true);
          else if (details.value === 'deactivate') setConfirmingDeactivate(true);
        }}
      >
        <Menu.Trigger asChild>{button}</Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content>
              <Menu.Item value="activate" disabled={user.active}>
                Activate
              </Menu.Item>
              <Menu.Item value="deactivate" disabled={!user.active}>
                Deactivate
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      <ConfirmDialog
        open={confirmingDeactivate}
        onOpenChange={setConfirmingDeactivate}
        title={`Deactivate ${user.username}?`}
        confirmLabel="Deactivate"
        cancelLabel="Cancel"
        onConfirm={() => {
          setConfirmingDeactivate(false);
          void changeStatus(user, false);
        }}
      >
        <Text>
          {`Deactivate ${user.username}: they can no longer sign in, and the sign-ins they have now end. Activate them again to let them back in.`}
        </Text>
      </ConfirmDialog>
    </>
  );
}
