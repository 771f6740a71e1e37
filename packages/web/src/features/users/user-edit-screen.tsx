// User create/edit (spec §2, §4, §5, §8 Users): Basic Info plus one tab per
// element category the chosen business profile offers, Clone User and Send
// Password Reset Email when editing, and the save with every message of the
// catalogue.
import {
  Badge,
  Box,
  Button,
  Link as ChakraLink,
  Field,
  Flex,
  HStack,
  Input,
  NativeSelect,
  RadioGroup,
  SimpleGrid,
  Tabs,
  Text,
} from '@chakra-ui/react';
import { DEFAULT_MINIMUM_ROLE, DEFAULT_TREE_CATEGORY, NO_SELECTION } from '@userprofile/shared/constants';
import { pageTexts, userMessages } from '@userprofile/shared/messages';
import type { UserField } from '@userprofile/shared/validation';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { LuExternalLink } from 'react-icons/lu';
import { Link, useLocation, useParams } from 'wouter';
import { Screen } from '../../components/ui/page.tsx';
import { type CompanyOption, VisibleTo } from '../../components/ui/visible-to.tsx';
import { isApiError } from '../../lib/api/errors.ts';
import { businessProfiles } from '../../lib/data/business-profiles.ts';
import { companies as companyList } from '../../lib/data/companies.ts';
import { locations } from '../../lib/data/locations.ts';
import { visibilityProfiles } from '../../lib/data/visibility-profiles.ts';
import { toBusinessProfileEdit, toUserEdit, toUserList, toUserNew, toVisibilityProfileEdit } from '../../lib/paths.ts';
import { roleOf, useSession } from '../../lib/session.ts';
import { notify } from '../../lib/toaster.ts';
import { fetchElementConfig, fetchUser, saveUser, sendPasswordReset } from './api.ts';
import type { User } from './list-view.ts';
import {
  categoryTabs,
  changeBusinessProfile,
  cloneForm,
  toUserForm,
  toUserPayload,
  type UserForm,
  type UserFormLookups,
  validateUserForm,
} from './user-form.ts';
import { placeUser } from './user-lists.ts';

/** What Clone User hands to the new-user screen (in the history entry's state). */
interface CloneState {
  clone: { form: UserForm; clonedId: string };
}

function readCloneState(): CloneState['clone'] | null {
  const state = window.history.state as Partial<CloneState> | null;
  return state?.clone && typeof state.clone.clonedId === 'string' ? state.clone : null;
}

export function UserEditScreen() {
  const { uuid } = useParams<{ uuid?: string }>();
  // A new key per record: saving a new user opens its edit route with fresh state.
  return <UserEditor key={uuid ?? 'new'} uuid={uuid ?? null} />;
}

function UserEditor({ uuid }: { uuid: string | null }) {
  const session = useSession((s) => s.user);
  const role = roleOf(session);
  const layoutCodes = session?.layoutCode ?? [];
  const [, navigate] = useLocation();
  const [lookups, setLookups] = useState<UserFormLookups | null>(null);
  const [companies, setCompanies] = useState<CompanyOption[] | null>(null);
  const [loaded, setLoaded] = useState<User | null>(null);
  const [form, setForm] = useState<UserForm | null>(null);
  const [clonedId, setClonedId] = useState<string | null>(null);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [tab, setTab] = useState('basic');
  const saving = useRef(false);
  const [isSaving, setIsSaving] = useState(false);

  useEffect(() => {
    let live = true;
    const defaultRole = session?.defaultMinimumRoleName || DEFAULT_MINIMUM_ROLE;
    Promise.all([
      fetchElementConfig(),
      businessProfiles.load(),
      visibilityProfiles.load(),
      locations.load(),
      uuid ? fetchUser(uuid) : Promise.resolve(null),
    ]).then(
      ([config, businessProfiles, visibilityProfiles, locations, user]) => {
        if (!live) return;
        setLookups({ config, businessProfiles, visibilityProfiles, locations });
        setLoaded(user);
        const clone = user ? null : readCloneState();
        setForm(clone ? clone.form : toUserForm(user, defaultRole));
        setClonedId(clone?.clonedId ?? null);
      },
      (error: unknown) => console.warn('Loading the user form failed', error),
    );
    companyList.load().then(
      (list) => live && setCompanies(list),
      () => live && setCompanies([]),
    );
    return () => {
      live = false;
    };
  }, [uuid, session?.defaultMinimumRoleName]);

  // Admins below ERRIGAL_ADMIN keep their own company (the only one they see).
  useEffect(() => {
    if (role !== 'ERRIGAL_ADMIN' && companies?.length === 1 && form && form.companyUuid === null) {
      setForm({ ...form, companyUuid: (companies[0] as CompanyOption).uuid });
    }
  }, [role, companies, form]);

  const errors = useMemo(() => (form && lookups ? validateUserForm(form, lookups) : {}), [form, lookups]);
  const valid = Object.keys(errors).length === 0;
  const profile = lookups?.businessProfiles.find((p) => p.uuid === form?.businessProfileUuid);
  const tabs = useMemo(() => (lookups ? categoryTabs(lookups.config, profile) : []), [lookups, profile]);
  const activeTab = tab === 'basic' || tabs.some((t) => t.category === tab) ? tab : 'basic';

  if (!form || !lookups) {
    return (
      <Screen title={uuid ? 'Editing User' : 'Creating New User'}>
        <Text color="fg.muted" role="status">
          {pageTexts.loading}
        </Text>
      </Screen>
    );
  }

  const isNew = form.uuid === null;
  const set = <K extends keyof UserForm>(key: K, value: UserForm[K]) => {
    setForm({ ...form, [key]: value });
    setTouched((t) => new Set(t).add(key));
  };
  const errorOf = (field: UserField): string | undefined =>
    submitted || touched.has(field) ? errors[field] : undefined;

  const submit = async () => {
    if (saving.current) {
      notify.warning(userMessages.saveInProgress);
      return;
    }
    if (!valid) {
      setSubmitted(true);
      notify.warning(userMessages.formInvalid);
      return;
    }
    saving.current = true;
    setIsSaving(true);
    try {
      const saved = await saveUser(toUserPayload(form, lookups), isNew ? clonedId : null);
      if (!saved?.uuid) {
        notify.error(userMessages.notSavedCorrectly(form.username));
        return;
      }
      const { failedUpdateApps, ...user } = saved;
      placeUser(user);
      if (failedUpdateApps && failedUpdateApps.length > 0) {
        notify.error(userMessages.saveError(form.username, failedUpdateApps));
      } else {
        notify.success(userMessages.saved(saved.username));
      }
      if (isNew) navigate(toUserEdit(saved.uuid), { replace: true });
      else {
        setLoaded(user);
        setForm(toUserForm(user, form.minimumRole));
      }
    } catch (error) {
      notify.error(userMessages.saveError(form.username, failedAppsOf(error)));
    } finally {
      saving.current = false;
      setIsSaving(false);
    }
  };

  const clone = () => {
    if (!loaded) return;
    navigate(toUserNew(), { state: { clone: { form: cloneForm(form), clonedId: loaded.uuid } } satisfies CloneState });
  };

  const sendReset = async () => {
    if (!loaded) return;
    try {
      await sendPasswordReset(loaded);
      notify.success(userMessages.resetEmailSent);
    } catch {
      notify.error(userMessages.resetEmailFailed);
    }
  };

  const linkProfiles = role !== 'SCO_ADMIN';
  const treeError = errors.defaultTreeMustBeAssigned;

  return (
    <Screen
      title={isNew ? 'Creating New User' : 'Editing User'}
      {...(isNew ? {} : { subtitle: form.username })}
      actions={
        isNew ? (
          <Button asChild size="sm" variant="outline">
            <Link href={toUserList()}>Back to Users</Link>
          </Button>
        ) : (
          <>
            <Button size="sm" variant="outline" onClick={clone}>
              Clone User
            </Button>
            <Button size="sm" variant="outline" onClick={sendReset}>
              Send Password Reset Email
            </Button>
          </>
        )
      }
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Tabs.Root value={activeTab} onValueChange={(d) => setTab(d.value)} variant="line" size="sm">
          <Tabs.List flexWrap="wrap">
            <Tabs.Trigger value="basic">Basic Info</Tabs.Trigger>
            {tabs.map((t) => (
              <Tabs.Trigger key={t.category} value={t.category}>
                {t.tab}
                {t.category === DEFAULT_TREE_CATEGORY && treeError ? (
                  <Badge colorPalette="red" size="xs" aria-label="needs a value">
                    !
                  </Badge>
                ) : null}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="basic">
            <SimpleGrid columns={{ base: 1, md: 2 }} gapX="6" gapY="4">
              <TextField
                label="Username"
                value={form.username}
                onChange={(v) => set('username', v)}
                error={errorOf('username')}
                readOnly={!isNew}
                required
              />
              <TextField
                label="Email"
                type="email"
                value={form.email}
                onChange={(v) => set('email', v)}
                error={errorOf('email')}
                required
              />
              <TextField
                label="First Name"
                value={form.firstName}
                onChange={(v) => set('firstName', v)}
                error={errorOf('firstName')}
                required
              />
              <TextField
                label="Last Name"
                value={form.lastName}
                onChange={(v) => set('lastName', v)}
                error={errorOf('lastName')}
                required
              />
              <TextField
                label="Desk Phone"
                type="tel"
                value={form.deskPhone}
                onChange={(v) => set('deskPhone', v)}
                error={errorOf('deskPhone')}
              />
              <TextField
                label="Mobile Phone"
                type="tel"
                value={form.mobilePhone}
                onChange={(v) => set('mobilePhone', v)}
                error={errorOf('mobilePhone')}
              />
              <SelectField
                label="Profile"
                value={form.businessProfileUuid}
                options={lookups.businessProfiles}
                error={errorOf('businessProfile')}
                required
                onChange={(v) => {
                  setForm(changeBusinessProfile(form, v, lookups.businessProfiles));
                  setTouched((t) => new Set(t).add('businessProfile'));
                }}
                link={linkProfiles && form.businessProfileUuid ? toBusinessProfileEdit(form.businessProfileUuid) : null}
              />
              <SelectField
                label="Visibility"
                value={form.visibilityProfileUuid}
                options={lookups.visibilityProfiles}
                error={errorOf('visibilityProfile')}
                required
                onChange={(v) => set('visibilityProfileUuid', v)}
                link={
                  linkProfiles && form.visibilityProfileUuid
                    ? toVisibilityProfileEdit(form.visibilityProfileUuid)
                    : null
                }
              />
              <Field.Root>
                <Field.Label>Status</Field.Label>
                <RadioGroup.Root
                  size="sm"
                  value={form.active ? 'active' : 'inactive'}
                  onValueChange={(d) => set('active', d.value === 'active')}
                >
                  <HStack gap="5">
                    {(['active', 'inactive'] as const).map((v) => (
                      <RadioGroup.Item key={v} value={v}>
                        <RadioGroup.ItemHiddenInput />
                        <RadioGroup.ItemIndicator />
                        <RadioGroup.ItemText>{v === 'active' ? 'Active' : 'Inactive'}</RadioGroup.ItemText>
                      </RadioGroup.Item>
                    ))}
                  </HStack>
                </RadioGroup.Root>
              </Field.Root>
              <SelectField
                label="Location"
                value={form.locationUuid}
                options={lookups.locations}
                onChange={(v) => set('locationUuid', v)}
                link={null}
              />
              <Box gridColumn={{ md: 'span 2' }}>
                <VisibleTo
                  value={{ minimumRole: form.minimumRole, companyUuid: form.companyUuid }}
                  onChange={(v) => setForm({ ...form, minimumRole: v.minimumRole, companyUuid: v.companyUuid })}
                  callerRole={role}
                  layoutCodes={layoutCodes}
                  companies={companies}
                />
              </Box>
            </SimpleGrid>
          </Tabs.Content>
          {tabs.map((t) => (
            <Tabs.Content key={t.category} value={t.category}>
              <Box maxW="md">
                <SelectField
                  label={t.label}
                  value={form.elements[t.category] ?? ''}
                  options={t.options}
                  required={t.category === DEFAULT_TREE_CATEGORY}
                  error={t.category === DEFAULT_TREE_CATEGORY ? treeError : undefined}
                  onChange={(v) => setForm({ ...form, elements: { ...form.elements, [t.category]: v } })}
                  link={null}
                />
              </Box>
            </Tabs.Content>
          ))}
        </Tabs.Root>
        <Flex mt="6" gap="3" align="center">
          <Button
            type="submit"
            colorPalette="blue"
            size="sm"
            aria-disabled={!valid || isSaving}
            opacity={!valid || isSaving ? 0.5 : 1}
            cursor={!valid || isSaving ? 'not-allowed' : 'pointer'}
          >
            {isNew ? 'Create User' : 'Update User'}
          </Button>
          {!valid ? (
            <Text fontSize="sm" color="fg.muted">
              {userMessages.formInvalid}
            </Text>
          ) : null}
        </Flex>
      </form>
    </Screen>
  );
}

function failedAppsOf(error: unknown): string[] | null {
  if (!isApiError(error) || !error.body || typeof error.body !== 'object') return null;
  const apps = (error.body as { failedUpdateApps?: unknown }).failedUpdateApps;
  return Array.isArray(apps) ? apps.filter((a): a is string => typeof a === 'string') : null;
}

function TextField({
  label,
  value,
  onChange,
  error,
  readOnly = false,
  required = false,
  type = 'text',
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  readOnly?: boolean;
  required?: boolean;
  type?: string;
}) {
  return (
    <Field.Root invalid={!!error} readOnly={readOnly} required={required}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      <Input
        size="sm"
        type={type}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        {...(readOnly ? { bg: 'bg.muted', color: 'fg.muted' } : {})}
      />
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}

function SelectField({
  label,
  value,
  options,
  onChange,
  error,
  required = false,
  link,
}: {
  label: string;
  value: string;
  options: readonly { uuid: string; name: string }[];
  onChange: (value: string) => void;
  error?: string | undefined;
  required?: boolean;
  link: string | null;
}) {
  const id = useId();
  let trailing: ReactNode = null;
  if (link) {
    trailing = (
      <ChakraLink asChild fontSize="sm" color="blue.fg" whiteSpace="nowrap">
        <Link href={link} aria-label={`Open ${label}`}>
          Open <LuExternalLink aria-hidden />
        </Link>
      </ChakraLink>
    );
  }
  return (
    <Field.Root invalid={!!error} required={required}>
      <Field.Label htmlFor={id}>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      <Flex gap="3" align="center" w="full">
        <NativeSelect.Root size="sm" flex="1">
          <NativeSelect.Field id={id} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
            <option value="">{NO_SELECTION}</option>
            {options.map((o) => (
              <option key={o.uuid} value={o.uuid}>
                {o.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {trailing}
      </Flex>
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
