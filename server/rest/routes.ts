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

/** A procedure of the router as this code reads it: its dotted path, type, meta and input schema. */
export interface ProcedureInfo {
  procedurePath: string;
  type: RestRoute['type'];
  meta: ProcedureMeta;
  input: unknown;
}

/**
 * Every procedure of the router. tRPC has no public API to list a router's procedures or read
 * their meta and input; `_def` is what trpc-to-openapi reads too, and this is the one place that
 * touches it.
 */
export function proceduresOf(router: AnyTRPCRouter): ProcedureInfo[] {
  const procedures = router._def.procedures as Record<string, AnyTRPCProcedure>;
  return Object.entries(procedures).map(([procedurePath, procedure]) => {
    const { type, inputs, meta } = procedure._def as { type: RestRoute['type']; inputs?: unknown[]; meta?: ProcedureMeta };
    return { procedurePath, type, meta: meta ?? {}, input: inputs?.[0] };
  });
}

/** Every procedure of the router that declares a REST path. */
export function restRoutesOf(router: AnyTRPCRouter): RestRoute[] {
  return proceduresOf(router).flatMap(({ procedurePath, type, meta, input }) =>
    meta.rest ? [{ ...meta.rest, procedurePath, type, input, tag: tagOf(procedurePath) }] : []);
}
