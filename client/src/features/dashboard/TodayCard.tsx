import { Anchor, Button, Card, Divider, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconBrandWhatsapp, IconCalendarCheck, IconPhoneCall, IconSchool } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { QueryErrorState } from '../../components/ErrorState';
import { classLabel } from '../../lib/class-label';
import { formatCalendarDateIn } from '../../lib/format';
import { useLanguage, useT } from '../../lib/i18n';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { useSignedInSession } from '../auth';
import './messages';

type Day = RouterOutputs['dashboard']['today'];
type DayClass = Day['classes'][number];

const labelOf = (c: DayClass) => classLabel({ class_name: c.class_name, section: c.class_section });

/** Mark Attendance's sheet of a class for the day shown. */
const sheetPath = (c: DayClass, day: string) => `/attendance?class=${encodeURIComponent(c.class_id)}&date=${day}`;

/** The day the card speaks of: today's date on a class day; else no class today, the next class day,
 * and the last one whose roll calls are listed. */
function DayLine({ data }: { data: Day }) {
  const t = useT();
  const locale = useLanguage();
  const date = (d: string) => formatCalendarDateIn(locale, d);
  if (data.is_class_day) return <Text size="sm" c="dimmed" data-testid="today-day">{t('dashboard.glance.todayIs', { date: date(data.today) })}</Text>;
  return (
    <Stack gap={2} data-testid="today-day">
      <Text size="sm">{t('dashboard.glance.noClassToday', { next: date(data.next_class_day) })}</Text>
      <Text size="sm" c="dimmed">{t('dashboard.glance.lastClassDay', { date: date(data.day) })}</Text>
    </Stack>
  );
}

/** A class's roll call of the day: "12/15 present", or "Not marked yet". */
function MarkState({ c }: { c: DayClass }) {
  const t = useT();
  return c.marked
    ? <Text size="sm" c="teal.9" fw={500}>{t('dashboard.glance.presentOf', { present: c.present, total: c.marked_count })}</Text>
    : <Text size="sm" c="orange.9" fw={500}>{t('dashboard.glance.notMarked')}</Text>;
}

/** Who takes the class: its teacher, the substitute of the day, or a warning that its teacher is away with nobody in their place. */
function TeacherLine({ c }: { c: DayClass }) {
  const t = useT();
  if (c.teacher_absent && !c.substitute_name) {
    return (
      <Text size="sm" c="orange.9" fw={500} style={{ overflowWrap: 'anywhere' }} data-testid="today-teacher">
        {t('dashboard.glance.absentNoSubstitute', { name: c.teacher_name ?? t('dashboard.glance.noTeacher') })}
      </Text>
    );
  }
  const name = c.substitute_name ? t('dashboard.glance.substitute', { name: c.substitute_name }) : (c.teacher_name ?? t('dashboard.glance.noTeacher'));
  return <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="today-teacher">{name}</Text>;
}

/** The follow-up list's count of the week, as the way to it. */
function FollowUpLine({ count }: { count: number }) {
  const t = useT();
  if (count === 0) return <Text size="sm" c="dimmed" data-testid="today-follow-up">{t('dashboard.glance.noneToCall')}</Text>;
  return (
    <Anchor component={Link} to="/follow-up" fw={500} data-testid="today-follow-up" style={{ overflowWrap: 'anywhere' }}>
      <Group gap={6} wrap="nowrap" component="span">
        <IconPhoneCall size={16} style={{ flexShrink: 0 }} />
        <span>{t('dashboard.glance.toCall', { count })}</span>
      </Group>
    </Anchor>
  );
}

/** The teacher's day: a button to Mark Attendance for each of their classes not marked yet, the
 * figures of those marked, and the children to call. */
function TeacherDay({ data }: { data: Day }) {
  const t = useT();
  const unmarked = data.classes.filter((c) => !c.marked);
  const marked = data.classes.filter((c) => c.marked);
  return (
    <Stack gap="sm">
      {unmarked.length > 0 ? (
        <Stack gap={6} data-testid="today-mark">
          <Text fw={600}>{t('dashboard.glance.markAttendance')}</Text>
          <Group gap="xs">
            {unmarked.map((c) => (
              <Button
                key={c.class_id} component={Link} to={sheetPath(c, data.day)} leftSection={<IconCalendarCheck size={16} />}
                aria-label={t('dashboard.glance.markAttendanceFor', { class: labelOf(c) })}
                styles={{ root: { maxWidth: '100%', height: 'auto', minHeight: 36 }, label: { whiteSpace: 'normal', overflowWrap: 'anywhere' } }}
              >
                {labelOf(c)}
              </Button>
            ))}
          </Group>
        </Stack>
      ) : <Text fw={500} data-testid="today-all-marked">{t('dashboard.glance.allMarked')}</Text>}
      {marked.map((c) => (
        <Group key={c.class_id} justify="space-between" gap="xs" data-testid="today-class">
          <Text size="sm" fw={500}>{labelOf(c)}</Text>
          <MarkState c={c} />
        </Group>
      ))}
      <Divider />
      <FollowUpLine count={data.follow_up.count} />
    </Stack>
  );
}

/** The principal's day (phone first): every class with its roll call's state, a WhatsApp reminder
 * to the teacher of a class not marked yet, the week's follow-up and the consent gaps. */
function PrincipalDay({ data }: { data: Day }) {
  const t = useT();
  return (
    <Stack gap="sm">
      <Stack gap={0}>
        {data.classes.map((c, i) => (
          <Stack key={c.class_id} gap={4} py="xs" data-testid="today-class" style={i > 0 ? { borderTop: '1px solid var(--mantine-color-gray-3)' } : undefined}>
            <Group justify="space-between" gap="xs" align="flex-start">
              <Stack gap={0} style={{ minWidth: 0, flex: '1 1 8rem' }}>
                <Text fw={600}>{labelOf(c)}</Text>
                <TeacherLine c={c} />
              </Stack>
              <Stack gap={4} align="flex-end" style={{ minWidth: 0, flex: '0 1 auto' }}>
                <MarkState c={c} />
                {c.nudge_url ? (
                  <Button
                    component="a" href={c.nudge_url} target="_blank" rel="noopener noreferrer" size="xs" variant="light" color="green"
                    leftSection={<IconBrandWhatsapp size={14} />}
                    aria-label={t('dashboard.glance.nudgeLabel', { teacher: c.teacher_name ?? '', class: labelOf(c) })}
                  >
                    {t('dashboard.glance.nudge')}
                  </Button>
                ) : null}
              </Stack>
            </Group>
          </Stack>
        ))}
      </Stack>
      <Divider />
      <FollowUpLine count={data.follow_up.count} />
      {data.consent_gaps ? (
        <Text size="sm" c={data.consent_gaps.missing_enrolment_consent > 0 ? undefined : 'dimmed'} data-testid="today-consent">
          {t('dashboard.glance.consentGaps', { count: data.consent_gaps.missing_enrolment_consent })}
        </Text>
      ) : null}
    </Stack>
  );
}

/** No class of the year yet: the way to Classes for those who add them; a teacher waits for one. */
function NoClasses({ data }: { data: Day }) {
  const t = useT();
  if (!data.sees_all_classes) return <Text c="dimmed" data-testid="today-empty">{t('dashboard.glance.noClassesTeacher')}</Text>;
  return (
    <Stack gap="sm" align="flex-start" data-testid="today-empty">
      <Text c="dimmed">{t('dashboard.glance.noClasses', { year: data.academic_year })}</Text>
      <Button component={Link} to="/classes" variant="light" leftSection={<IconSchool size={16} />} rightSection={<IconArrowRight size={14} />}>
        {t('dashboard.glance.openClasses')}
      </Button>
    </Stack>
  );
}

/**
 * The dashboard's first card, a Sunday at a glance (GET /api/dashboard/today): a teacher's roll calls
 * to take and children to call; for principals and super admins every class's roll call of the day,
 * with a reminder to its teacher, the week's follow-up and the consent gaps.
 */
export function TodayCard() {
  const t = useT();
  const { church } = useSignedInSession();
  // Roll calls are taken on other phones all morning: fetched again when the dashboard opens, unless
  // the page load's prefetch got it moments ago. Not asked of a church whose plan ended (refused;
  // the page goes to the subscription).
  const today = trpc.dashboard.today.useQuery(undefined, { staleTime: 15_000, enabled: church.subscription.valid });
  const data = today.data;
  return (
    <Card withBorder padding="lg" data-testid="today-card">
      <Stack gap="sm">
        <Title order={2} size="h4">{t('dashboard.glance.title')}</Title>
        {today.isPending ? (
          <Stack gap="xs" aria-busy="true" aria-label={t('dashboard.glance.loading')}>
            <Skeleton height={14} width="50%" />
            <Skeleton height={36} />
            <Skeleton height={36} />
          </Stack>
        ) : null}
        {today.isError ? <QueryErrorState query={today} title={t('dashboard.glance.loadFailed')} /> : null}
        {data ? (
          <>
            <DayLine data={data} />
            {data.classes.length === 0 ? <NoClasses data={data} />
              : data.sees_all_classes ? <PrincipalDay data={data} /> : <TeacherDay data={data} />}
          </>
        ) : null}
      </Stack>
    </Card>
  );
}
