import type { AnyTRPCProcedure, AnyTRPCRouter } from '@trpc/server';
import type { ProcedureMeta, RestMeta } from './meta.js';

/** One REST route: the meta of a procedure, its dotted path in the router and its OpenAPI tag. */
export interface RestRoute extends RestMeta {
  procedurePath: string;
  type: 'query' | 'mutation' | 'subscription';
  /** The procedure's input schema (the first `.input(...)`), for the OpenAPI document. */
  input: unknown;
  tag: string;
}

/** academicYear -> academic-year */
const tagOf = (procedurePath: string) => procedurePath.split('.')[0].replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * Every procedure of the router that declares a REST path. tRPC has no public API to list a
 * router's procedures or read their meta and input; `_def` is what trpc-to-openapi reads too, and
 * this is the one place that touches it.
 */
export function restRoutesOf(router: AnyTRPCRouter): RestRoute[] {
  const procedures = router._def.procedures as Record<string, AnyTRPCProcedure>;
  return Object.entries(procedures).flatMap(([procedurePath, procedure]) => {
    const meta = procedure._def.meta as ProcedureMeta | undefined;
    if (!meta?.rest) return [];
    const { type, inputs } = procedure._def as { type: RestRoute['type']; inputs?: unknown[] };
    return [{ ...meta.rest, procedurePath, type, input: inputs?.[0], tag: tagOf(procedurePath) }];
  });
}
