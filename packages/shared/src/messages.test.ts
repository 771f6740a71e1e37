import { describe, expect, it } from 'vitest';
import {
  allCatalogueTexts,
  applicationMessages,
  globalMessages,
  loginMessages,
  oauthClientMessages,
  pageTexts,
  passwordMessages,
  profileMessages,
  userMessages,
  validationMessages,
  visibilityMessages,
} from './messages.ts';

// Every quoted text of spec §8, copied from the spec verbatim (typos and
// casing included), in the spec's order. The four texts the spec elides
// ('...Users Who Use This Business Profile', '... Deleted Successfully', the
// matching removed message, the primary-visibility warning) are checked
// below against the spec fragment they must end with.
const SPEC_SECTION_8_TEXTS = [
  'Session Timed Out, Please Try Logging In Again',
  "We're Sorry That You Need To Reload Page And Start Over Again",
  'Login failed due to an unknown reason',
  'Error Saving User {username}',
  ', Failed Applications: {list}',
  'User {username} Was Not Saved Correctly, Please Verify',
  '{username} Successfully Updated',
  'User Info Pull Successful',
  'User Info Pull Failed',
  '{username} Activated',
  '{username} Inactivated',
  'User Update Timed Out, Please Try Again Later',
  'Request Was Not Authorized, Please Try Logging In Again',
  'No Response From The Sync, Please Try Again Later',
  'Failed To Activate/Inactivate {username} Due To {error message}',
  'Email Has Been Sent To The Email Address',
  'Failed To Send A Email',
  'Users uploaded and updated successfully',
  'Failed to update users, please try again later',
  'Application <application name> Saved Successfully',
  'An Application with this name already exists',
  'Error Saving Application',
  'Application Deleted Successfully',
  'Failed to Delete Application',
  'Application Synced Successfully With {n} Roles And {m} Elements',
  'Failed To Sync Application',
  '{n} Applications Synced',
  'Response Contains No Applications, Sync Failed',
  'Failed To Sync Apps',
  'An Application Profile with this name already exists',
  'A Business Profile with this name already exists',
  'A Visibility Profile with this name already exists',
  'Error Saving Application Profile',
  'Error Saving Business Profile',
  'Error Saving Visibility Profile',
  'Application Profile <name> Is Saved Successfully',
  'Profile <name> Is Saved Successfully',
  'Visibility <name> Is Saved Successfully',
  'Failed to Delete Application Profile',
  'Failed to Delete Business Profile',
  'Failed to Delete Visibility Profile',
  'There Was Error While Fetching Business Profiles Who Use This App Profile',
  'Syncing Timed Out, Please Try Again Later',
  'Error During Syncing',
  '<kind> Sync Completed, {n} Elements Synced',
  'All Syncs Completed Successfully, {n} Elements Synced',
  'Cluster <name> And Its {n} Children Were Added To Profile',
  'Cluster <name> Was Added Successfully To Profile',
  'client updated',
  'error updating client',
  'You have used this password before, please choose another password',
  'Failed to reset password, please try again later or use a different link',
  'Password reset token failed verification, please use another password reset link',
  'This password reset link is invalid or has expired',
  'Successfully reset password a confirmation email will be sent shortly',
  'An email with password reset link has been sent to the user',
  'Could not send an email with password reset to the user, please try again later',
  'An error occurred when trying to find this user, please try again later',
];

// Fixed texts of spec §2, §5 and §6, verbatim.
const SPEC_PAGE_AND_VALIDATION_TEXTS = [
  '403 Forbidden',
  'You do not have permission to access this.',
  '404 Not Found',
  'Page Not Found, please check URL is correct.',
  'Please Login First',
  'Loading...',
  'Pulling...',
  'User does not have a Profile assigned',
  '(External Role)',
  'Loading customer company, please wait...',
  'Visible to all SCO customer',
  'Loading profiles, please wait...',
  'Only alphanumeric letters, _ (underscore), and . (period) are allowed',
  'This field is required. (Max 255 Characters)',
  'This must be under 255 characters',
  'This field is required',
  'Please Select an Business Profile From the list',
  'Please Check Form Is Filled Correctly',
  'Please Wait Until Updating User Completes',
  'This must be under 1023 characters',
  'Please select an application',
  'Either primary visibility or a network group has to be set',
  'Please fill in the two password fields',
  'Password must be at least 8 characters',
  'Passwords do not match',
  'Please a valid username',
];

describe('the catalogue holds every spec text verbatim', () => {
  it.each(SPEC_SECTION_8_TEXTS)('spec §8: %s', (text) => {
    expect(allCatalogueTexts).toContain(text);
  });

  it.each(SPEC_PAGE_AND_VALIDATION_TEXTS)('spec §2/§5/§6: %s', (text) => {
    expect(allCatalogueTexts).toContain(text);
  });

  it('completes the texts the spec elides in the style of their siblings', () => {
    expect(profileMessages.business.dependantsLoadFailed).toBe(
      'There Was Error While Fetching Users Who Use This Business Profile',
    );
    expect(profileMessages.visibility.dependantsLoadFailed).toBe(
      'There Was Error While Fetching Users Who Use This Visibility Profile',
    );
    for (const deleted of [
      profileMessages.app.deleted,
      profileMessages.business.deleted,
      profileMessages.visibility.deleted,
    ]) {
      expect(deleted('X')).toMatch(/ Deleted Successfully$/);
    }
    expect(visibilityMessages.clusterRemovedWithChildren('North', 4)).toBe(
      'Cluster North And Its 4 Children Were Removed From Profile',
    );
    expect(visibilityMessages.primaryVisibilityNotRemovable('North')).toContain('Primary Visibility');
    expect(validationMessages.clientSecret).toContain('under 64 characters');
  });

  it('lists each text once and no text with an unknown placeholder form', () => {
    expect(new Set(allCatalogueTexts).size).toBe(allCatalogueTexts.length);
    for (const text of allCatalogueTexts) expect(text).not.toMatch(/\$\{|undefined/);
  });
});

describe('templated messages fill their placeholders in order', () => {
  it('renders the user messages', () => {
    expect(userMessages.saved('jane.doe')).toBe('jane.doe Successfully Updated');
    expect(userMessages.notSavedCorrectly('jane.doe')).toBe('User jane.doe Was Not Saved Correctly, Please Verify');
    expect(userMessages.activated('jane.doe')).toBe('jane.doe Activated');
    expect(userMessages.inactivated('jane.doe')).toBe('jane.doe Inactivated');
    expect(userMessages.activationFailed('jane.doe', 'Conflict')).toBe(
      'Failed To Activate/Inactivate jane.doe Due To Conflict',
    );
  });

  it('appends the failed applications to a user save error only when there are some', () => {
    expect(userMessages.saveError('jane.doe')).toBe('Error Saving User jane.doe');
    expect(userMessages.saveError('jane.doe', [])).toBe('Error Saving User jane.doe');
    expect(userMessages.saveError('jane.doe', null)).toBe('Error Saving User jane.doe');
    expect(userMessages.saveError('jane.doe', ['Snmp Manager', 'Reports'])).toBe(
      'Error Saving User jane.doe, Failed Applications: Snmp Manager, Reports',
    );
  });

  it('renders the application and profile messages', () => {
    expect(applicationMessages.saved('Snmp Manager')).toBe('Application Snmp Manager Saved Successfully');
    expect(applicationMessages.syncSuccess(12, 3)).toBe('Application Synced Successfully With 12 Roles And 3 Elements');
    expect(applicationMessages.syncAllSuccess(5)).toBe('5 Applications Synced');
    expect(profileMessages.app.saved('Ops')).toBe('Application Profile Ops Is Saved Successfully');
    expect(profileMessages.business.saved('Ops')).toBe('Profile Ops Is Saved Successfully');
    expect(profileMessages.visibility.saved('Ops')).toBe('Visibility Ops Is Saved Successfully');
    expect(profileMessages.app.deleted('Ops')).toBe('Application Profile Ops Is Deleted Successfully');
    expect(profileMessages.business.deleted('Ops')).toBe('Profile Ops Is Deleted Successfully');
    expect(profileMessages.visibility.deleted('Ops')).toBe('Visibility Ops Is Deleted Successfully');
  });

  it('renders the visibility messages', () => {
    expect(visibilityMessages.syncCompleted('Cluster Group', 42)).toBe(
      'Cluster Group Sync Completed, 42 Elements Synced',
    );
    expect(visibilityMessages.allSyncsCompleted(0)).toBe('All Syncs Completed Successfully, 0 Elements Synced');
    expect(visibilityMessages.clusterAddedWithChildren('North', 3)).toBe(
      'Cluster North And Its 3 Children Were Added To Profile',
    );
    expect(visibilityMessages.clusterAdded('North')).toBe('Cluster North Was Added Successfully To Profile');
    expect(visibilityMessages.clusterRemoved('North')).toBe('Cluster North Was Removed Successfully From Profile');
  });

  it('does not fill a placeholder that a value brings in', () => {
    expect(userMessages.activationFailed('{error message}', '<x>')).toBe(
      'Failed To Activate/Inactivate {error message} Due To <x>',
    );
  });

  it('refuses a wrong number of arguments', () => {
    const call = applicationMessages.syncSuccess as unknown as (...args: unknown[]) => string;
    expect(() => call(1)).toThrow(RangeError);
  });

  it('renders the forgot-password page text with the support contact', () => {
    expect(pageTexts.forgotPasswordInfo('support@example.com')).toContain('within 5 minutes');
    expect(pageTexts.forgotPasswordInfo('support@example.com')).toContain('support@example.com');
  });
});

describe('the status handlers share texts across areas', () => {
  it('uses the same 401 and 444 texts for users and visibility syncs', () => {
    expect(userMessages.notAuthorized).toBe(visibilityMessages.notAuthorized);
    expect(userMessages.noResponseFromSync).toBe(visibilityMessages.noResponseFromSync);
  });

  it('keeps each area on its own object', () => {
    expect(globalMessages.reloadPage).toBe("We're Sorry That You Need To Reload Page And Start Over Again");
    expect(loginMessages.failed).toBe('Login failed due to an unknown reason');
    expect(oauthClientMessages).toEqual({ saved: 'client updated', saveError: 'error updating client' });
    expect(passwordMessages.invalidLink).toBe('This password reset link is invalid or has expired');
  });
});
