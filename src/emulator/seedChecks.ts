// What the modules' seed checks share: problems collected as "where: what" lines, so
// one run reports them all, and the few checks every key uses.
export class Problems {
  readonly list: string[] = [];
  add(where: string, what: string): void {
    this.list.push(`${where}: ${what}`);
  }
  onlyKeys(where: string, value: Record<string, unknown>, allowed: readonly string[]): void {
    for (const key of Object.keys(value)) if (!allowed.includes(key)) this.add(where, `unknown field "${key}" (allowed: ${allowed.join(', ')})`);
  }
  string(where: string, value: unknown, pattern?: RegExp, hint?: string): value is string {
    if (typeof value !== 'string' || value === '') {
      this.add(where, 'must be a non-empty string');
      return false;
    }
    if (pattern && !pattern.test(value)) {
      this.add(where, `"${value}" is not ${hint ?? `like ${pattern}`}`);
      return false;
    }
    return true;
  }
  boolean(where: string, value: unknown): void {
    if (value !== undefined && typeof value !== 'boolean') this.add(where, 'must be true or false');
  }
}

/** 24 hex digits: the service's ObjectIds. */
export const OBJECT_ID = /^[a-f0-9]{24}$/;
