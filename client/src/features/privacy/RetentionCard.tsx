import { RETENTION_YEARS } from '../../../../common/consent';
import { retentionInput } from '../../../../common/schemas/privacy';
import { NumberSettingCard } from '../../components/NumberSettingCard';
import { useT } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import './messages';

/**
 * The Configuration screen's "Data retention" card (principals and super admins): how many years a
 * child not seen is kept before being offered for erasure. The list of children to review follows
 * at once.
 */
export function RetentionCard() {
  const t = useT();
  const utils = trpc.useUtils();
  const setting = trpc.privacy.retention.useQuery();
  const save = trpc.privacy.updateRetention.useMutation({
    onSuccess: async (saved) => {
      notify({ color: 'green', message: t('privacy.retention.saved') });
      utils.privacy.retention.setData(undefined, saved);
      await utils.privacy.erasureCandidates.invalidate();
    },
  });
  return (
    <NumberSettingCard
      texts={{
        title: t('privacy.retention.title'), description: t('privacy.retention.description'), label: t('privacy.retention.label'),
        loadFailed: t('privacy.retention.loadFailed'), saveFailed: t('privacy.retention.saveFailed'), save: t('privacy.retention.save'),
      }}
      bounds={RETENTION_YEARS}
      setting={setting}
      current={setting.data?.years}
      check={(years) => retentionInput.safeParse({ years })}
      save={save}
    />
  );
}
