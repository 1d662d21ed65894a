import { loadOnce } from '../../lib/load-once';

/**
 * The shared sign-in schemas, and zod with them, fetched after the sign-in form is on screen: the
 * form needs them only when it is submitted, so they are not part of what a phone downloads before
 * it can show the form.
 */
export const loadAuthSchemas = loadOnce(() => import('../../../../common/schemas/auth'));
