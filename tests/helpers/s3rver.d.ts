// s3rver (a local S3 for the storage tests) ships no types; this is the part the tests use.
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    resetOnClose?: boolean;
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
    /** Koa's middleware list (s3rver is a Koa app): the tests put a request recorder first. */
    middleware: ((ctx: { method: string; path: string; query: Record<string, string | string[] | undefined> }, next: () => Promise<void>) => Promise<void>)[];
  }
}
