import { Anchor, Text } from '@mantine/core';
import { SUPPORT_EMAIL } from '../../../../common/constants';
import { useT } from '../../lib/i18n';

/** Stands for the link in the translated sentence, which is then cut around it (a character no text uses). */
const LINK_MARK = '\u{E000}';

/**
 * "Need help? Contact support at <address>": the address is a link, and where it sits in the sentence
 * is each language's own word order (Malayalam, Tamil and Hindi put the verb after it).
 */
export function SupportLine() {
  const t = useT();
  const [before, after = ''] = t('auth.needHelp', { email: LINK_MARK }).split(LINK_MARK);
  return (
    <Text size="sm" c="dimmed" ta="center" mt="lg">
      {before}
      <Anchor href={`mailto:${SUPPORT_EMAIL}`} size="sm">{SUPPORT_EMAIL}</Anchor>
      {after}
    </Text>
  );
}
