// A person's second factors as cards: the kind, the name, when it was added
// and last used, with the actions the screen offers beside each (rename and
// remove on the account page, remove on the user editor). Never a secret: the
// server gives none.
import { Badge, Box, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { components } from '@userprofile/shared/generated/api';
import type { ReactNode } from 'react';
import { LuKeyRound, LuSmartphone } from 'react-icons/lu';
import { whenText } from '../../lib/history-format.ts';

export type Factor = components['schemas']['Factor'];

export const FACTOR_KINDS: Record<Factor['kind'], string> = { totp: 'Authenticator app', passkey: 'Passkey' };

export function FactorList({
  factors,
  actions,
  label,
}: {
  factors: readonly Factor[];
  /** The buttons of one factor, if the screen offers any. */
  actions?: (factor: Factor) => ReactNode;
  /** The list's accessible name ("Your second factors"). */
  label: string;
}) {
  const now = new Date();
  return (
    <Stack as="ul" gap="3" listStyleType="none" aria-label={label} data-factors>
      {factors.map((factor) => {
        const added = whenText(factor.addedAt, now);
        const used = factor.lastUsedAt ? whenText(factor.lastUsedAt, now) : null;
        const Icon = factor.kind === 'totp' ? LuSmartphone : LuKeyRound;
        return (
          <Box as="li" key={factor.id} borderWidth="1px" borderRadius="md" p="3" data-factor={factor.name}>
            <HStack justify="space-between" gap="3" wrap="wrap" mb="2">
              <HStack gap="2" minW="0">
                <Icon aria-hidden />
                <Text fontWeight="medium" overflowWrap="anywhere">
                  {factor.name}
                </Text>
                <Badge variant="outline" size="sm">
                  {FACTOR_KINDS[factor.kind]}
                </Badge>
              </HStack>
              {actions ? <HStack gap="2">{actions(factor)}</HStack> : null}
            </HStack>
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2">
              <Detail label="Added" title={added.precise}>{`${added.absolute} (${added.relative})`}</Detail>
              <Detail label="Last used" {...(used ? { title: used.precise } : {})}>
                {used ? `${used.absolute} (${used.relative})` : 'Not used yet'}
              </Detail>
            </SimpleGrid>
          </Box>
        );
      })}
    </Stack>
  );
}

function Detail({ label, title, children }: { label: string; title?: string; children: string }) {
  return (
    <Stack gap="0.5" minW="0">
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="sm" {...(title ? { title } : {})}>
        {children}
      </Text>
    </Stack>
  );
}
