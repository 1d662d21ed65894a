import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/root';

/**
 * The inputs and answers of every procedure, from the server router's type (server/root.ts; only the
 * type is imported). Apart from the tRPC client (trpc.ts, which also exports them), so that the links
 * the client is built from (offline/) can name them without importing the client.
 */
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type RouterInputs = inferRouterInputs<AppRouter>;
