type AuthSchemas = typeof import('../../../../common/schemas/auth');

let loading: Promise<AuthSchemas> | undefined;

/**
 * The shared sign-in schemas, and zod with them, fetched after the sign-in form is on screen: the
 * form needs them only when it is submitted, so they are not part of what a phone downloads before
 * it can show the form. A failed fetch is forgotten so the next submit tries again.
 */
export function loadAuthSchemas(): Promise<AuthSchemas> {
  loading ??= import('../../../../common/schemas/auth').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
