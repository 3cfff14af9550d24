// The package's "exports" map has no "types" condition, so under moduleResolution
// "Bundler" TypeScript finds no declarations for its ESM entry. This declares the
// part of its API that the project uses (it mirrors lib/index.d.ts of version 3).
declare module 'mongodb-connection-string-url' {
  export interface ConnectionStringParsingOptions {
    looseValidation?: boolean;
  }
  export class ConnectionString {
    constructor(uri: string, options?: ConnectionStringParsingOptions);
    get isSRV(): boolean;
    get hosts(): string[];
    set hosts(list: string[]);
    readonly protocol: string;
    username: string;
    password: string;
    pathname: string;
    search: string;
    readonly searchParams: URLSearchParams;
    hash: string;
    toString(): string;
    clone(): ConnectionString;
  }
  export function redactConnectionString(uri: string, options?: { redactUsernames?: boolean; replacementString?: string }): string;
  export default ConnectionString;
}
