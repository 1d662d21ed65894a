import { setDigestInput } from '../../../common/schemas/digest.js';
import { capabilityProcedure, router } from '../../trpc/init.js';
import { rest } from '../../rest/meta.js';
import { ownDigestSetting, setOwnDigestSetting } from './service.js';

const recipients = capabilityProcedure('receiveDigest');

export const digestRouter = router({
  setting: recipients
    .meta(rest('GET', '/api/auth/digest', 'Whether the signed-in principal or super admin gets the weekly digest mail (Mondays 08:00, church time); answers data.weekly_digest'))
    .query(({ ctx }) => ownDigestSetting(ctx)),
  setSetting: recipients
    .meta(rest('PUT', '/api/auth/digest', 'Turn the signed-in principal\'s or super admin\'s weekly digest mail on or off: weekly_digest true or false; answers data.weekly_digest'))
    .input(setDigestInput)
    .mutation(({ ctx, input }) => setOwnDigestSetting(ctx, input.weekly_digest)),
});
