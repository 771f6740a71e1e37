// Who must have a second factor, for an ERRIGAL_ADMIN: every administrator,
// and per company. A screen of its own in the menu, beside OAuth2 Clients:
// like the clients, it is about how people sign in to the whole suite and is
// the provider's alone, and it is no part of anyone's own account (the
// account page shows each person their own factors, not a rule over others).
// The third rule, per business profile, is set on each profile's editor (an
// ADMIN may set it for its own profiles); this screen lists the profiles that
// require one, each opening its editor.
import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { DataState } from '../../components/ui/data-state.tsx';
import { RecordLink } from '../../components/ui/list-kit.tsx';
import { Notice } from '../../components/ui/notice.tsx';
import { Screen } from '../../components/ui/page.tsx';
import { RequirementSwitch } from '../../components/ui/requirement-switch.tsx';
import { isApiError, isNotOffered } from '../../lib/api/errors.ts';
import { companies } from '../../lib/data/companies.ts';
import { useCache } from '../../lib/data/use-cache.ts';
import { fetchFactorPolicy, requiresCompany } from '../../lib/factor-policy.ts';
import { toBusinessProfileEdit } from '../../lib/paths.ts';
import { useLoad } from '../../lib/use-load.ts';
import { policyTexts as t } from './texts.ts';

export function FactorPolicyScreen() {
  const policy = useLoad(fetchFactorPolicy, 'policy');
  const companyList = useCache(companies);

  let body: ReactNode;
  if (isNotOffered(policy.error)) body = <Notice status="info">{t.notOffered}</Notice>;
  else if (isApiError(policy.error, 403)) body = <Notice status="info">{t.forbidden}</Notice>;
  else
    body = (
      <DataState what={t.what} data={policy.data} error={policy.error} onRetry={policy.retry}>
        {(p) => (
          <Stack gap="8" maxW="3xl" data-factor-policy>
            <Text color="fg.muted" fontSize="sm">
              {t.intro}
            </Text>
            <RequirementSwitch
              label={t.administrators}
              help={t.administratorsHelp}
              checked={p.administrators}
              change={{ scope: 'administrators' }}
              onPolicy={policy.replace}
              savedText={t.saved}
              failedText={t.failed}
            />
            <PolicySection id="policy-companies" gap="3" heading={t.companiesHeading} help={t.companiesHelp}>
              <DataState
                what="the companies"
                data={companyList.data}
                error={companyList.error}
                onRetry={companyList.retry}
              >
                {(list) => (
                  <Stack gap="3">
                    {list.map((company) => (
                      <RequirementSwitch
                        key={company.uuid}
                        label={t.companyLabel(company.name)}
                        checked={requiresCompany(p, company.uuid)}
                        change={{ scope: 'company', uuid: company.uuid }}
                        onPolicy={policy.replace}
                        savedText={t.saved}
                        failedText={t.failed}
                      />
                    ))}
                  </Stack>
                )}
              </DataState>
            </PolicySection>
            <PolicySection id="policy-profiles" gap="2" heading={t.profilesHeading} help={t.profilesHelp}>
              {p.businessProfiles.length === 0 ? (
                <Text>{t.noProfiles}</Text>
              ) : (
                <Box as="ul" ps="5" listStyleType="disc">
                  {p.businessProfiles.map((profile) => (
                    <li key={profile.uuid}>
                      <RecordLink href={toBusinessProfileEdit(profile.uuid)}>{profile.name}</RecordLink>
                    </li>
                  ))}
                </Box>
              )}
            </PolicySection>
          </Stack>
        )}
      </DataState>
    );
  return <Screen title={t.title}>{body}</Screen>;
}

/** A part of the screen under its own heading (which names the section), with a line of help. */
function PolicySection({
  id,
  gap,
  heading,
  help,
  children,
}: {
  id: string;
  gap: '2' | '3';
  heading: string;
  help: string;
  children: ReactNode;
}) {
  return (
    <Stack gap={gap} as="section" aria-labelledby={id}>
      <Heading as="h2" size="md" id={id}>
        {heading}
      </Heading>
      <Text color="fg.muted" fontSize="sm">
        {help}
      </Text>
      {children}
    </Stack>
  );
}
