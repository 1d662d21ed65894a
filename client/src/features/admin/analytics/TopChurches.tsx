import { Group, Stack, Text } from '@mantine/core';
import { formatCount } from '../../../lib/format';
import type { RouterOutputs } from '../../../lib/trpc';
import classes from './Analytics.module.css';
import { ANALYTICS_TEXTS } from './texts';

type ChurchActivity = RouterOutputs['admin']['overview']['analytics']['userActivity'][number];

/** '1 user', '12 users'. */
const counted = (count: number, one: string, many: string) => `${formatCount(count)} ${count === 1 ? one : many}`;

/** 'Top Churches by Users': the server's ranking, most users first. */
export function TopChurches({ churches }: { churches: readonly ChurchActivity[] }) {
  if (churches.length === 0) return <Text size="sm" c="dimmed">{ANALYTICS_TEXTS.noTopChurches}</Text>;
  return (
    <Stack component="ol" gap="sm" className={classes.ranking} data-testid="top-churches">
      {churches.map((church, index) => (
        <li key={church.church_id} data-testid="top-church">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <span className={classes.rank} aria-hidden>{index + 1}</span>
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>{church.church_name}</Text>
              <Text size="xs" c="dimmed">Code: {church.church_code}</Text>
              <Text size="xs" c="dimmed">
                {counted(church.user_count, 'user', 'users')} · {counted(church.class_count, 'class', 'classes')}
              </Text>
            </div>
          </Group>
        </li>
      ))}
    </Stack>
  );
}
