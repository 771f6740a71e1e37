// One rule of the second-factor policy as a switch that saves itself when
// turned (the policy is no part of any form's Save): the business profile
// editor's, and each rule of the sign-in policy screen. While the change is
// out the switch waits; a refusal puts it back and says why.
import { Stack, Switch, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { failureReason } from '../../lib/api/errors.ts';
import { type FactorPolicy, type FactorPolicyChange, updateFactorPolicy } from '../../lib/factor-policy.ts';
import { notify } from '../../lib/toaster.ts';

export function RequirementSwitch({
  label,
  help,
  checked,
  change,
  disabled = false,
  onPolicy,
  savedText,
  failedText,
}: {
  label: string;
  help?: string;
  checked: boolean;
  /** The rule this switch sets (its `required` is what the switch is turned to). */
  change: Omit<FactorPolicyChange, 'required'>;
  disabled?: boolean;
  /** The policy as the server answers it after the change. */
  onPolicy: (policy: FactorPolicy) => void;
  savedText: string;
  failedText: (reason: string) => string;
}) {
  const [busy, setBusy] = useState(false);
  const turn = async (required: boolean) => {
    setBusy(true);
    try {
      onPolicy(await updateFactorPolicy({ ...change, required }));
      notify.success(savedText);
    } catch (error) {
      notify.error(failedText(failureReason(error)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="1">
      <Switch.Root
        size="sm"
        colorPalette="blue"
        checked={checked}
        disabled={disabled || busy}
        onCheckedChange={(d) => void turn(d.checked)}
        data-requirement={change.scope}
      >
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label>{label}</Switch.Label>
      </Switch.Root>
      {help ? (
        <Text fontSize="xs" color="fg.muted" ps="10">
          {help}
        </Text>
      ) : null}
    </Stack>
  );
}
