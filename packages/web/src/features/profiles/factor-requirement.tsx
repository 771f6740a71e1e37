// The business profile editor's "Require a second factor for its users": one
// rule of the second-factor policy (an extension, lib/factor-policy.ts),
// saved as it is turned, apart from the profile's own Save. Disabled on a
// profile this administrator may not change; on a backend without the policy
// a line says so.
import { Box, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { RequirementSwitch } from '../../components/ui/requirement-switch.tsx';
import { isApiError, isNotOffered } from '../../lib/api/errors.ts';
import { fetchFactorPolicy, requiresProfile } from '../../lib/factor-policy.ts';
import { useLoad } from '../../lib/use-load.ts';

export function ProfileFactorRequirement({ uuid, readOnly }: { uuid: string; readOnly: boolean }) {
  const policy = useLoad(fetchFactorPolicy, uuid);
  let body: ReactNode = null;
  if (isNotOffered(policy.error)) {
    body = (
      <Text fontSize="sm" color="fg.muted">
        This backend does not offer second factors.
      </Text>
    );
  } else if (policy.error) {
    body = (
      <Text fontSize="sm" color={isApiError(policy.error, 403) ? 'fg.muted' : 'fg.error'}>
        {`The second-factor policy could not be loaded: ${policy.error instanceof Error ? policy.error.message : ''}`}
      </Text>
    );
  } else if (policy.data) {
    body = (
      <RequirementSwitch
        label="Require a second factor for its users"
        help="Every user of this profile adds an authenticator app or a passkey at their next sign-in, and gives it at every sign-in after."
        checked={requiresProfile(policy.data, uuid)}
        change={{ scope: 'businessProfile', uuid }}
        disabled={readOnly}
        onPolicy={policy.replace}
        savedText="The second-factor requirement has been saved"
        failedText={(reason) => `The second-factor requirement was not saved: ${reason}`}
      />
    );
  }
  return (
    <Box mt="6" data-profile-factor-requirement>
      {body}
    </Box>
  );
}
