import { classDaysWord, DEFAULT_CLASS_DAYS, FOLLOW_UP_ABSENCES } from '../../../../common/follow-up';
import { followUpSettingsInput } from '../../../../common/schemas/follow-up';
import { NumberSettingCard } from '../../components/NumberSettingCard';
import { useT } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import './messages';

/**
 * The Configuration screen's follow-up setting (principals and super admins; the screen shows it to
 * those who may change it): after how many marked Sundays (or class days) absent in a row a child is followed up.
 * The list applies it at once.
 */
export function FollowUpSettingCard() {
  const t = useT();
  const utils = trpc.useUtils();
  const settings = trpc.followUp.settings.useQuery();
  const days = classDaysWord(settings.data?.class_days ?? DEFAULT_CLASS_DAYS);
  const save = trpc.followUp.updateSettings.useMutation({
    onSuccess: async (saved) => {
      notify({ color: 'green', message: t('followup.setting.saved') });
      utils.followUp.settings.setData(undefined, saved);
      await utils.followUp.invalidate();
    },
  });
  return (
    <NumberSettingCard
      texts={{
        title: t('followup.setting.title'), description: t('followup.setting.description', { days }), label: t('followup.setting.label', { days }),
        loadFailed: t('followup.loadFailed'), saveFailed: t('followup.setting.saveFailed'), save: t('followup.setting.save'),
      }}
      bounds={FOLLOW_UP_ABSENCES}
      setting={settings}
      current={settings.data?.absences_in_a_row}
      check={(absences) => followUpSettingsInput.safeParse({ absences_in_a_row: absences })}
      save={save}
    />
  );
}
