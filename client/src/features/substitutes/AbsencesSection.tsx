import { Alert, Button, Card, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import type { RouterOutputs } from '../../lib/api-types';
import type { UseQueryResult } from '@tanstack/react-query';
import { QueryErrorState } from '../../components/ErrorState';
import { classLabel } from '../../lib/class-label';
import { serverMessage } from '../../lib/errors';
import { formatCalendarDateIn } from '../../lib/format';
import { localized, useLanguage, useT } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import './messages';

type Absence = RouterOutputs['substitutes']['upcoming']['absences'][number];

/** One coming absence: those who arrange substitutes choose, change or clear the substitute and may
 * remove it; the absent teacher may say they can come after all. */
function AbsenceCard({ absence, arranges, candidates }: {
  absence: Absence; arranges: boolean; candidates: ReadonlyArray<{ id: string; name: string }>;
}) {
  const t = useT();
  const locale = useLanguage();
  const utils = trpc.useUtils();
  const refresh = () => void Promise.all([utils.substitutes.upcoming.invalidate(), utils.substitutes.rota.invalidate()]);
  const assign = trpc.substitutes.assign.useMutation({
    onSuccess: () => { notify({ color: 'green', message: t('substitutes.assigned') }); refresh(); },
  });
  const remove = trpc.substitutes.remove.useMutation({
    onSuccess: () => { notify({ color: 'green', message: t('substitutes.removed') }); refresh(); },
  });
  const error = assign.error ?? remove.error;
  return (
    <Card component="li" withBorder padding="md" data-testid="absence">
      <Stack gap="xs">
        <Text fw={600}>{formatCalendarDateIn(locale, absence.date)} · {classLabel({ class_name: absence.class_name, section: absence.section })}</Text>
        <Text size="sm">{t('substitutes.absentTeacher', { name: absence.absent_teacher_name ?? '' })}</Text>
        {arranges ? (
          <Select
            label={t('substitutes.substitute')}
            placeholder={t('substitutes.chooseSubstitute')}
            data={candidates.filter((c) => c.id !== absence.absent_teacher_id).map((c) => ({ value: c.id, label: c.name }))}
            value={absence.substitute_id}
            onChange={(value) => assign.mutate({ absence_id: absence.id, substitute_id: value })}
            clearable
            searchable
            disabled={assign.isPending}
            maw={360}
            data-testid="substitute-picker"
          />
        ) : (
          <Text size="sm" c={absence.substitute_name ? undefined : 'orange.8'}>
            {absence.substitute_name ? t('substitutes.rota.substitute', { name: absence.substitute_name }) : t('substitutes.noSubstitute')}
          </Text>
        )}
        {error ? <Alert color="red" role="alert">{localized(t, serverMessage(error, t(assign.error ? 'substitutes.assignFailed' : 'substitutes.removeFailed')))}</Alert> : null}
        <Group>
          <Button variant="default" size="xs" loading={remove.isPending} onClick={() => remove.mutate({ absence_id: absence.id })}
            h="auto" mih={30} py={4} styles={{ label: { whiteSpace: 'normal' } }}>
            {arranges ? t('substitutes.removeAbsence') : t('substitutes.canComeAfterAll')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** The coming absences (a teacher's own; every class's for those who arrange substitutes). */
export function AbsencesSection({ upcoming, arranges }: {
  upcoming: UseQueryResult<RouterOutputs['substitutes']['upcoming'], unknown>; arranges: boolean;
}) {
  const t = useT();
  const candidates = trpc.substitutes.candidates.useQuery(undefined, { enabled: arranges });
  return (
    <Stack gap="sm" component="section" aria-labelledby="absences-title">
      <Title order={2} size="h4" id="absences-title">{t('substitutes.upcoming.title')}</Title>
      {upcoming.isPending ? (
        <Group gap="xs"><Loader size="sm" /><Text size="sm">{t('substitutes.upcoming.loading')}</Text></Group>
      ) : upcoming.isError ? (
        <QueryErrorState query={upcoming} title={t('substitutes.upcoming.loadFailed')} />
      ) : upcoming.data.absences.length === 0 ? (
        <Text c="dimmed" data-testid="absences-empty">{t('substitutes.upcoming.empty')}</Text>
      ) : (
        <Stack component="ul" gap="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {upcoming.data.absences.map((a) => (
            <AbsenceCard key={a.id} absence={a} arranges={arranges} candidates={candidates.data ?? []} />
          ))}
        </Stack>
      )}
      {candidates.isError ? <QueryErrorState query={candidates} title={t('substitutes.upcoming.loadFailed')} /> : null}
    </Stack>
  );
}
