// Field errors in the wire's error shape, and the bridge to the spec §5 rules
// of @userprofile/shared/validation (the same functions the console's forms run).
import type { ValidationErrors } from '@userprofile/shared/validation';
import type { FieldError } from './errors.ts';
import type { Scoped } from './types.ts';

export { MAX_TEXT } from '@userprofile/shared/constants';

export class FieldErrors {
  readonly list: FieldError[] = [];
  constructor(
    private readonly prefix = '',
    private readonly row?: number,
    /** The import's line of that row (FieldError.line). */
    private readonly line?: number,
  ) {}

  has(field: string): boolean {
    return this.list.some((e) => e.field === this.prefix + field);
  }

  add(field: string, reason: string): void {
    if (this.has(field)) return;
    const e: FieldError = { field: this.prefix + field, reason };
    if (this.row !== undefined) e.row = this.row;
    if (this.line !== undefined) e.line = this.line;
    this.list.push(e);
  }

  /** Says a field's error in other words. */
  replace(field: string, reason: string): void {
    const e = this.list.find((x) => x.field === this.prefix + field);
    if (e) e.reason = reason;
  }

  /** Adds the messages of a shared validator ('roles.2.name' keys stay dotted, like request validation's paths). */
  addAll(result: ValidationErrors<string>): void {
    for (const [field, reason] of Object.entries(result)) if (reason) this.add(field, reason);
  }
}

/** A scope in the wire's shape, for the shared validators. */
export function wireScope(s: Scoped) {
  return { minimumRole: { name: s.minimumRole }, errigalCustomerCompany: { uuid: s.companyUuid } };
}
