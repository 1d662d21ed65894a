import { Text } from '@mantine/core';
import { useLanguage, useT } from '../../lib/i18n';
import { formatPercentage } from '../../lib/percentage';
import type { Proposal } from './plan';
import './messages';

type FinalResult = Proposal['classes'][number]['children'][number]['final_result'];

/** Beside a child of the rollover: that they failed the ending year's published final result, with
 * its percentage, the reason they are proposed held back (nothing for any other result). */
export function FailedYear({ result }: { result: FinalResult }) {
  const t = useT();
  const language = useLanguage();
  if (result?.division !== 'fail') return null;
  return (
    <Text component="span" size="sm" c="orange.8" data-testid="failed-year">
      {t('configuration.rollover.failedYear', { percentage: formatPercentage(result.percentage, language) })}
    </Text>
  );
}
