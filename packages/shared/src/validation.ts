// The validation rules of spec §5, one pure function per form, shared by the
// console's forms and the contract server. Each returns field → message; an
// empty object means valid. Rows of a list are keyed by index
// ('roles.2.name'). Messages are the spec's, from ./messages.ts.
//
// Input types are minimal on purpose: they accept the generated API types
// (spec §3 field names) and the console's form drafts alike, so every field
// may be missing or null.

import {
  DEFAULT_TREE_CATEGORY,
  MAX_CLIENT_SECRET,
  MAX_DESCRIPTION,
  MAX_TEXT,
  MIN_PASSWORD,
  type ScopedRecord,
} from './constants.ts';
import { validationMessages as m } from './messages.ts';

export type ValidationErrors<F extends string> = Partial<Record<F, string>>;

type Text = string | null | undefined;
interface Ref {
  uuid?: string | null;
  name?: string | null;
}

// --- Primitive checks ------------------------------------------------------

/** Length in characters (code points), as JSON Schema's maxLength counts. */
export function textLength(value: string): number {
  let length = 0;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    // A high surrogate followed by a low one is one character.
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < value.length) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    length++;
  }
  return length;
}

/** Missing, empty or only white space. */
export function isBlank(value: Text): boolean {
  return value == null || value.trim() === '';
}

function tooLong(value: Text, max: number): boolean {
  return value != null && textLength(value) > max;
}

const USERNAME = /^[A-Za-z0-9_.]+$/;

export function isValidUsername(value: string): boolean {
  return USERNAME.test(value);
}

// RFC 5322 dot-atom local part and a DNS host name with at least one dot,
// each label 1–63 letters, digits or inner hyphens, ending in a letter TLD.
const EMAIL =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

/** An RFC 5322 "lite" address check: dot-atom local part (max 64) at a dotted host name. */
export function isValidEmail(value: string): boolean {
  const at = value.lastIndexOf('@');
  return at > 0 && at <= 64 && EMAIL.test(value);
}

const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * The one rule for an OAuth2 client's allowed redirect target, on both sides:
 * an absolute `https:` URL, or `http:` on a loopback host (127.0.0.1, [::1],
 * localhost: RFC 8252 §7.3, RFC 9700 §2.6), with a host, no user info and no
 * fragment (RFC 6749 §3.1.2). Every other scheme (`javascript:`, `data:`,
 * `ftp:` ...) and every relative target is refused (security-checklist.md).
 */
export function isValidRedirectTarget(value: string): boolean {
  if (value !== value.trim() || value.includes('#')) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.hostname === '' || url.username !== '' || url.password !== '') return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
}

// Field rules, each writing at most one message for its key.
function requiredText<F extends string>(errors: ValidationErrors<F>, key: F, value: Text, max = MAX_TEXT): void {
  if (isBlank(value) || tooLong(value, max)) errors[key] = m.requiredMax255;
}

function optionalText<F extends string>(errors: ValidationErrors<F>, key: F, value: Text): void {
  if (tooLong(value, MAX_TEXT)) errors[key] = m.max255;
}

function description<F extends string>(errors: ValidationErrors<F>, key: F, value: Text): void {
  if (tooLong(value, MAX_DESCRIPTION)) errors[key] = m.max1023;
}

function required<F extends string>(errors: ValidationErrors<F>, key: F, present: boolean): void {
  if (!present) errors[key] = m.required;
}

// --- Visible To (spec §2, §6) --------------------------------------------------

/** Choosing SCO_ADMIN with no company is invalid; the message goes on the company select. */
export function validateVisibleTo(values: ScopedRecord): ValidationErrors<'errigalCustomerCompany'> {
  const errors: ValidationErrors<'errigalCustomerCompany'> = {};
  if (values.minimumRole?.name === 'SCO_ADMIN' && isBlank(values.errigalCustomerCompany?.uuid)) {
    errors.errigalCustomerCompany = m.required;
  }
  return errors;
}

/** Minimum role required (spec §5) and the Visible To rule. */
function scope<F extends string>(errors: ValidationErrors<F>, values: ScopedRecord, prefix = ''): void {
  required(errors, `${prefix}minimumRole` as F, !isBlank(values.minimumRole?.name));
  if (validateVisibleTo(values).errigalCustomerCompany) errors[`${prefix}errigalCustomerCompany` as F] = m.required;
}

// --- User form ---------------------------------------------------------------

export interface UserFormValues extends ScopedRecord {
  uuid?: string | null;
  username?: string | null;
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  deskPhone?: string | null;
  mobilePhone?: string | null;
  active?: boolean | null;
  location?: Ref | null;
  businessProfile?: Ref | null;
  visibilityProfile?: Ref | null;
  elements?: readonly UserElementValues[] | null;
}

export interface UserElementValues {
  uuid?: string | null;
  name?: string | null;
  label?: string | null;
  category?: string | null;
  actualValue?: string | null;
}

export interface UserValidationContext {
  /** Whether the chosen business profile offers elements of category NOVA_NOVA_TREE (from the 'Snmp Manager' app). */
  businessProfileOffersDefaultTree: boolean;
}

/** The fields of the user rules (spec §5), in the form's order. */
export const USER_FIELDS = [
  'username',
  'email',
  'firstName',
  'lastName',
  'deskPhone',
  'mobilePhone',
  'active',
  'businessProfile',
  'visibilityProfile',
  'minimumRole',
  'errigalCustomerCompany',
  'defaultTreeMustBeAssigned',
] as const;
export type UserField = (typeof USER_FIELDS)[number];

/** The user's default tree elements: its elements of category NOVA_NOVA_TREE that name an element. */
export function assignedDefaultTreeElements(elements: readonly UserElementValues[] | null | undefined) {
  return (elements ?? []).filter((e) => e.category === DEFAULT_TREE_CATEGORY && !isBlank(e.uuid));
}

export function validateUser(values: UserFormValues, context: UserValidationContext): ValidationErrors<UserField> {
  const errors: ValidationErrors<UserField> = {};
  const username = values.username;
  requiredText(errors, 'username', username);
  if (!errors.username && username != null && !isValidUsername(username)) errors.username = m.usernamePattern;
  requiredText(errors, 'email', values.email);
  if (!errors.email && values.email != null && !isValidEmail(values.email)) errors.email = m.requiredMax255;
  requiredText(errors, 'firstName', values.firstName);
  requiredText(errors, 'lastName', values.lastName);
  optionalText(errors, 'deskPhone', values.deskPhone);
  optionalText(errors, 'mobilePhone', values.mobilePhone);
  required(errors, 'active', typeof values.active === 'boolean');
  required(errors, 'businessProfile', !isBlank(values.businessProfile?.uuid));
  required(errors, 'visibilityProfile', !isBlank(values.visibilityProfile?.uuid));
  scope(errors, values);
  if (context.businessProfileOffersDefaultTree && assignedDefaultTreeElements(values.elements).length === 0) {
    errors.defaultTreeMustBeAssigned = m.defaultTreeMustBeAssigned;
  }
  return errors;
}

// --- Application form --------------------------------------------------------

/** A role or element row of an application (spec §3). */
export interface ApplicationRowValues extends ScopedRecord {
  uuid?: string | null;
  name?: string | null;
  externalRole?: boolean | null;
  category?: string | null;
  /** Rows flagged for deletion (spec §4) are not validated: they are about to go. */
  deleted?: boolean | null;
}

export interface ApplicationFormValues {
  uuid?: string | null;
  name?: string | null;
  dataUrl?: string | null;
  dataDriverName?: string | null;
  dataUsername?: string | null;
  dataPassword?: string | null;
  apiHost?: string | null;
  apiAuthType?: string | null;
  apiUsername?: string | null;
  apiPassword?: string | null;
  roles?: readonly ApplicationRowValues[] | null;
  /** All element rows, whatever their category; keys use the index in this list. */
  elements?: readonly ApplicationRowValues[] | null;
}

type RowField = 'uuid' | 'name' | 'minimumRole' | 'errigalCustomerCompany';
export type ApplicationField =
  | 'name'
  | 'dataUrl'
  | 'dataDriverName'
  | 'dataUsername'
  | 'dataPassword'
  | 'apiHost'
  | 'apiAuthType'
  | 'apiUsername'
  | 'apiPassword'
  | `roles.${number}.${RowField}`
  | `elements.${number}.${RowField}`;

const APPLICATION_TEXT_FIELDS = [
  'name',
  'dataUrl',
  'dataDriverName',
  'dataUsername',
  'dataPassword',
  'apiHost',
  'apiUsername',
  'apiPassword',
] as const;

const PASSWORD_FIELDS: ReadonlySet<string> = new Set(['dataPassword', 'apiPassword']);

function validateRows(
  errors: ValidationErrors<ApplicationField>,
  list: 'roles' | 'elements',
  rows: readonly ApplicationRowValues[] | null | undefined,
): void {
  (rows ?? []).forEach((row, index) => {
    if (row.deleted) return;
    const prefix = `${list}.${index}.` as const;
    required(errors, `${prefix}uuid`, !isBlank(row.uuid));
    required(errors, `${prefix}name`, !isBlank(row.name));
    scope(errors, row, prefix);
  });
}

export interface ApplicationValidationContext {
  /**
   * The application is saved, so the server holds its two passwords. They are
   * never sent back to the browser (docs/wire-and-errors.md "Applications and
   * OAuth2 clients"): a blank password then
   * keeps the stored one, so only its length is checked.
   */
  passwordsStored?: boolean;
}

export function validateApplication(
  values: ApplicationFormValues,
  context: ApplicationValidationContext = {},
): ValidationErrors<ApplicationField> {
  const errors: ValidationErrors<ApplicationField> = {};
  for (const field of APPLICATION_TEXT_FIELDS) {
    if (context.passwordsStored && PASSWORD_FIELDS.has(field) && isBlank(values[field])) continue;
    requiredText(errors, field, values[field]);
  }
  required(errors, 'apiAuthType', !isBlank(values.apiAuthType));
  validateRows(errors, 'roles', values.roles);
  validateRows(errors, 'elements', values.elements);
  return errors;
}

// --- Profiles ------------------------------------------------------------------

export interface ProfileFormValues extends ScopedRecord {
  uuid?: string | null;
  name?: string | null;
  description?: string | null;
}

type ProfileField = 'name' | 'description' | 'minimumRole' | 'errigalCustomerCompany';

function validateProfile<F extends string>(values: ProfileFormValues): ValidationErrors<F | ProfileField> {
  const errors: ValidationErrors<F | ProfileField> = {};
  requiredText(errors, 'name', values.name);
  description(errors, 'description', values.description);
  scope(errors, values);
  return errors;
}

export interface AppProfileFormValues extends ProfileFormValues {
  application?: Ref | null;
  roles?: readonly string[] | null;
  elements?: readonly string[] | null;
}

export type AppProfileField = ProfileField | 'application';

export function validateAppProfile(values: AppProfileFormValues): ValidationErrors<AppProfileField> {
  const errors = validateProfile<AppProfileField>(values);
  if (isBlank(values.application?.uuid)) errors.application = m.selectApplication;
  return errors;
}

export interface BusinessProfileAppProfileValues {
  uuid?: string | null;
  name?: string | null;
  /** The application of the app profile: `appUUID` on the form, `application.uuid` on the wire. */
  appUUID?: string | null;
  application?: { uuid?: string | null } | null;
}

export interface BusinessProfileFormValues extends ProfileFormValues {
  appProfiles?: readonly BusinessProfileAppProfileValues[] | null;
}

export type BusinessProfileField =
  | ProfileField
  | 'appProfiles'
  | `appProfiles.${number}.${'uuid' | 'name' | 'appUUID'}`;

export function validateBusinessProfile(values: BusinessProfileFormValues): ValidationErrors<BusinessProfileField> {
  const errors = validateProfile<BusinessProfileField>(values);
  const appProfiles = values.appProfiles ?? [];
  required(errors, 'appProfiles', appProfiles.length > 0);
  const applications = new Set<string>();
  appProfiles.forEach((appProfile, index) => {
    const application = appProfile.appUUID ?? appProfile.application?.uuid;
    required(errors, `appProfiles.${index}.uuid`, !isBlank(appProfile.uuid));
    required(errors, `appProfiles.${index}.name`, !isBlank(appProfile.name));
    required(errors, `appProfiles.${index}.appUUID`, !isBlank(application));
    // One application profile per application (spec §2: one dropdown each).
    if (application && applications.has(application)) {
      errors[`appProfiles.${index}.appUUID`] = m.oneAppProfilePerApplication;
    }
    if (application) applications.add(application);
  });
  return errors;
}

export interface VisibilityProfileFormValues extends ProfileFormValues {
  primaryVisibility?: Ref | null;
  networkGroups?: readonly Ref[] | null;
}

export type VisibilityProfileField = ProfileField | 'primaryVisibility';

export function validateVisibilityProfile(
  values: VisibilityProfileFormValues,
): ValidationErrors<VisibilityProfileField> {
  const errors = validateProfile<VisibilityProfileField>(values);
  if (isBlank(values.primaryVisibility?.uuid) && (values.networkGroups ?? []).length === 0) {
    errors.primaryVisibility = m.visibilityRequired;
  }
  return errors;
}

// --- OAuth2 client -------------------------------------------------------------

export interface OAuthClientFormValues {
  uuid?: string | null;
  name?: string | null;
  description?: string | null;
  allowedRedirectTarget?: string | null;
  clientSecret?: string | null;
}

export type OAuthClientField = 'name' | 'description' | 'allowedRedirectTarget' | 'clientSecret';

export function validateOAuthClient(values: OAuthClientFormValues): ValidationErrors<OAuthClientField> {
  const errors: ValidationErrors<OAuthClientField> = {};
  requiredText(errors, 'name', values.name);
  requiredText(errors, 'description', values.description);
  const target = values.allowedRedirectTarget;
  optionalText(errors, 'allowedRedirectTarget', target);
  if (!errors.allowedRedirectTarget && target && !isValidRedirectTarget(target)) {
    errors.allowedRedirectTarget = m.redirectTarget;
  }
  if (isBlank(values.clientSecret) || tooLong(values.clientSecret, MAX_CLIENT_SECRET)) {
    errors.clientSecret = m.clientSecret;
  }
  return errors;
}

// --- Passwords -----------------------------------------------------------------

export interface PasswordResetValues {
  token?: string | null;
  password?: string | null;
  rePassword?: string | null;
}

export type PasswordResetField = 'password' | 'rePassword';

/** Both fields filled, each at least 8 characters, both equal; the first failing rule speaks. */
export function validatePasswordReset(values: PasswordResetValues): ValidationErrors<PasswordResetField> {
  const { password, rePassword } = values;
  if (!password || !rePassword) {
    return password ? { rePassword: m.passwordsRequired } : { password: m.passwordsRequired };
  }
  const errors: ValidationErrors<PasswordResetField> = {};
  if (textLength(password) < MIN_PASSWORD) errors.password = m.passwordTooShort;
  if (textLength(rePassword) < MIN_PASSWORD) errors.rePassword = m.passwordTooShort;
  if (!errors.password && !errors.rePassword && password !== rePassword) errors.rePassword = m.passwordsMismatch;
  return errors;
}

export interface ForgotPasswordValues {
  username?: string | null;
}

export function validateForgotPassword(values: ForgotPasswordValues): ValidationErrors<'username'> {
  return isBlank(values.username) ? { username: m.forgotUsernameRequired } : {};
}
