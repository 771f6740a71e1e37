// The Visible To selector (spec §2, §6): who may see a record — its minimum
// role and customer company. ERRIGAL_ADMIN picks among provider level,
// Customer and SCO Customer (the last only with the SCO layout code) and
// chooses the company; other admins pick among the levels up to their own
// and keep their own company (the server applies it).
import { Box, Button, ButtonGroup, Field, Fieldset, NativeSelect, Text } from '@chakra-ui/react';
import { LAYOUT_CODES, NO_SELECTION, type Role, roleRank, VISIBLE_TO_LABELS } from '@userprofile/shared/constants';
import { pageTexts } from '@userprofile/shared/messages';
import { validateVisibleTo } from '@userprofile/shared/validation';
import { useId } from 'react';

export interface VisibleToValue {
  /** The minimum role's name. */
  minimumRole: string;
  /** Null: every company. */
  companyUuid: string | null;
}

export interface CompanyOption {
  uuid: string;
  name: string;
}

const LEVELS: readonly { role: Role; label: string }[] = [
  { role: 'ERRIGAL_ADMIN', label: VISIBLE_TO_LABELS.ERRIGAL_ADMIN },
  { role: 'ADMIN', label: VISIBLE_TO_LABELS.ADMIN },
  { role: 'SCO_ADMIN', label: VISIBLE_TO_LABELS.SCO_ADMIN },
];

/** Visible To's fields as the conflict dialog names them (lib/edit-conflict.ts describeFields). */
export const VISIBLE_TO_FIELDS = { minimumRole: 'Visible To', companyUuid: 'Company' } as const;

/** Visible To's fields in words: the level's label, the company's name (none: every company). */
export function visibleToWords(companies: readonly CompanyOption[] | null | undefined) {
  return {
    minimumRole: (role: string) => (VISIBLE_TO_LABELS as Record<string, string>)[role] ?? role,
    companyUuid: (uuid: string | null) =>
      uuid ? (companies?.find((c) => c.uuid === uuid)?.name ?? uuid) : 'Every company',
  };
}

/** The levels a caller may choose (spec §2, §6). */
export function visibleToLevels(callerRole: Role | null, layoutCodes: readonly string[]) {
  return LEVELS.filter(
    (level) =>
      roleRank(level.role) <= roleRank(callerRole) &&
      (level.role !== 'ERRIGAL_ADMIN' || callerRole === 'ERRIGAL_ADMIN') &&
      (level.role !== 'SCO_ADMIN' || layoutCodes.includes(LAYOUT_CODES.SCO)),
  );
}

export function VisibleTo({
  value,
  onChange,
  callerRole,
  layoutCodes,
  companies,
  disabled = false,
}: {
  value: VisibleToValue;
  onChange: (value: VisibleToValue) => void;
  callerRole: Role | null;
  layoutCodes: readonly string[];
  /** Null while the company list loads. */
  companies: readonly CompanyOption[] | null;
  disabled?: boolean;
}) {
  const selectId = useId();
  const levels = visibleToLevels(callerRole, layoutCodes);
  const topAdmin = callerRole === 'ERRIGAL_ADMIN';
  const companyError = validateVisibleTo({
    minimumRole: { name: value.minimumRole },
    errigalCustomerCompany: { uuid: value.companyUuid },
  }).errigalCustomerCompany;
  // A tenant admin's records are in its own company; a record shown read-only without a
  // company is shared by every company (the editor's note says so), not the admin's.
  const shared = disabled && !value.companyUuid;
  const ownCompany = !topAdmin && !shared && companies?.length === 1 ? companies[0] : undefined;

  return (
    <Fieldset.Root disabled={disabled} data-visible-to>
      <Fieldset.Legend fontSize="sm" fontWeight="medium">
        Visible To
      </Fieldset.Legend>
      <Fieldset.Content gap="2">
        {levels.length > 0 ? (
          <ButtonGroup size="xs" attached variant="outline" role="group" aria-label="Visible To">
            {levels.map((level) => (
              <Button
                key={level.role}
                aria-pressed={value.minimumRole === level.role}
                variant={value.minimumRole === level.role ? 'solid' : 'outline'}
                onClick={() => onChange({ ...value, minimumRole: level.role })}
              >
                {level.label}
              </Button>
            ))}
          </ButtonGroup>
        ) : null}
        {value.minimumRole === 'SCO_ADMIN' && !topAdmin ? (
          <Text fontSize="xs" color="fg.muted">
            {pageTexts.visibleToAllSco}
          </Text>
        ) : null}
        {companies === null ? (
          <Text fontSize="xs" color="fg.muted" role="status">
            {pageTexts.loadingCustomerCompany}
          </Text>
        ) : topAdmin ? (
          <Field.Root invalid={!!companyError} maxW="md">
            <Field.Label htmlFor={selectId} fontSize="sm">
              Company
            </Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                id={selectId}
                value={value.companyUuid ?? ''}
                onChange={(e) => onChange({ ...value, companyUuid: e.currentTarget.value || null })}
              >
                <option value="">{NO_SELECTION}</option>
                {companies.map((company) => (
                  <option key={company.uuid} value={company.uuid}>
                    {company.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            {companyError ? <Field.ErrorText>{companyError}</Field.ErrorText> : null}
          </Field.Root>
        ) : ownCompany ? (
          <Box fontSize="sm">
            <Text as="span" color="fg.muted">
              Company:{' '}
            </Text>
            {ownCompany.name}
          </Box>
        ) : null}
      </Fieldset.Content>
    </Fieldset.Root>
  );
}
