import { useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { inviteChurchInput } from '../../../../common/schemas/association-members';
import { CHURCH_CODE_LENGTH } from '../../../../common/constants';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { QueryErrorState } from '../../components/ErrorState';
import { TableSkeleton } from '../../components/TableSkeleton';
import { serverMessage } from '../../lib/errors';
import { fieldErrors } from '../../lib/field-errors';
import { localized, useT } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { useOfficerCan } from './useAssociationSession';
import { useInvalidateAssociation, useMoment, type MemberChurch, type Section } from './shared';
import './messages';

const STATUS_COLOURS: Record<MemberChurch['status'], string> = { invited: 'yellow', active: 'green', declined: 'gray', left: 'gray', withdrawn: 'gray' };
/** The select's value for "no section". */
const NO_SECTION = '';

function InviteForm({ sections }: { sections: readonly Section[] }) {
  const t = useT();
  const invalidate = useInvalidateAssociation();
  const [code, setCode] = useState('');
  const [sectionId, setSectionId] = useState(NO_SECTION);
  const [codeError, setCodeError] = useState<string | undefined>();
  const invite = trpc.association.invite.useMutation({
    onSuccess: async (answer) => {
      setCode('');
      notify({ color: 'green', message: t('association.members.invite.done', { church: answer.church_name }) });
      await invalidate();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = inviteChurchInput.safeParse({ church_code: code, section_id: sectionId || null });
    if (!parsed.success) {
      setCodeError(fieldErrors<'church_code'>(parsed.error).church_code);
      return;
    }
    invite.mutate(parsed.data);
  };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="invite-title">
      <form onSubmit={submit} noValidate data-testid="invite-form">
        <Stack gap="sm">
          <Title order={2} size="h4" id="invite-title">{t('association.members.invite.title')}</Title>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label={t('association.members.invite.code')}
              withAsterisk
              maxLength={CHURCH_CODE_LENGTH}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              value={code}
              onChange={(event) => {
                setCode(event.currentTarget.value.toUpperCase());
                setCodeError(undefined);
                invite.reset();
              }}
              error={localized(t, codeError)}
              data-testid="invite-code"
              w={{ base: '100%', xs: 180 }}
            />
            {sections.length > 0 ? (
              <NativeSelect
                label={t('association.members.invite.section')}
                value={sectionId}
                onChange={(event) => setSectionId(event.currentTarget.value)}
                data={[{ value: NO_SECTION, label: t('association.members.noSection') }, ...sections.map((s) => ({ value: s.id, label: s.name }))]}
                w={{ base: '100%', xs: 220 }}
              />
            ) : null}
          </Group>
          {invite.isError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {localized(t, serverMessage(invite.error, t('association.members.invite.failed')))}
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" loading={invite.isPending}>{t('association.members.invite.submit')}</Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function MemberRow({ member, sections, manage, onWithdraw }: {
  member: MemberChurch; sections: readonly Section[]; manage: boolean; onWithdraw: (member: MemberChurch) => void;
}) {
  const t = useT();
  const moment = useMoment();
  const invalidate = useInvalidateAssociation();
  const setSection = trpc.association.setMemberSection.useMutation({
    onSuccess: async () => {
      notify({ color: 'green', message: t('association.members.sectionSaved') });
      await invalidate();
    },
    onError: (error) => notify({ color: 'red', message: localized(t, serverMessage(error, t('association.members.sectionFailed'))) }),
  });
  const open = member.status === 'invited' || member.status === 'active';
  const sectionName = sections.find((s) => s.id === member.section_id)?.name ?? t('association.members.noSection');
  return (
    <Paper withBorder p="sm" radius="md" data-testid="member-church" data-code={member.church_code} data-status={member.status}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>{member.church_name}</Text>
          <Badge color={STATUS_COLOURS[member.status]} variant="light" data-testid="member-status">
            {t('association.members.status', { status: member.status })}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t('association.code', { code: member.church_code })}
          {' · '}
          {t('association.members.invitedOn', { name: member.invited_by_name, date: moment(member.invited_at) })}
        </Text>
        {manage && open && sections.length > 0 ? (
          <NativeSelect
            label={t('association.members.section')}
            value={member.section_id ?? NO_SECTION}
            disabled={setSection.isPending}
            onChange={(event) => setSection.mutate({ id: member.membership_id, section_id: event.currentTarget.value || null })}
            data={[{ value: NO_SECTION, label: t('association.members.noSection') }, ...sections.map((s) => ({ value: s.id, label: s.name }))]}
            maw={320}
            data-testid="member-section"
          />
        ) : (
          <Text size="sm">{t('association.members.section')}: {sectionName}</Text>
        )}
        {manage && member.status === 'invited' ? (
          <Group>
            <Button size="xs" variant="light" color="red" onClick={() => onWithdraw(member)}>{t('association.members.withdraw')}</Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** Member churches: those invited and the members, with their section and status; the admin invites,
 * withdraws an invitation and moves a church between sections. */
export function MembersPage() {
  const t = useT();
  const manage = useOfficerCan('manageMembers');
  const members = trpc.association.members.useQuery();
  const sections = trpc.association.sections.useQuery();
  const invalidate = useInvalidateAssociation();
  const [withdrawing, setWithdrawing] = useState<MemberChurch | null>(null);
  const withdraw = trpc.association.withdrawInvitation.useMutation({
    onSuccess: async () => {
      setWithdrawing(null);
      notify({ color: 'green', message: t('association.members.withdrawn') });
      await invalidate();
    },
  });
  const sectionList = sections.data ?? [];
  return (
    <Stack gap="md">
      <Title order={1}>{t('association.members.title')}</Title>
      <Text c="dimmed">{t('association.members.intro')}</Text>
      {manage ? <InviteForm sections={sectionList} /> : null}
      {members.isPending ? <TableSkeleton label={t('association.members.loading')} /> : null}
      {members.isError ? <QueryErrorState query={members} title={t('association.members.loadFailed')} /> : null}
      {members.data && members.data.length === 0 ? <Text c="dimmed" data-testid="members-empty">{t('association.members.empty')}</Text> : null}
      {members.data && members.data.length > 0 ? (
        <Stack gap="sm" data-testid="member-list">
          {members.data.map((member) => (
            <MemberRow key={member.membership_id} member={member} sections={sectionList} manage={manage} onWithdraw={setWithdrawing} />
          ))}
        </Stack>
      ) : null}
      <ConfirmDialog
        opened={withdrawing !== null}
        title={t('association.members.withdrawTitle')}
        confirmLabel={t('association.members.withdraw')}
        onConfirm={() => withdrawing && withdraw.mutate({ id: withdrawing.membership_id })}
        onClose={() => {
          setWithdrawing(null);
          withdraw.reset();
        }}
        pending={withdraw.isPending}
        error={withdraw.isError ? localized(t, serverMessage(withdraw.error, t('association.members.withdrawFailed'))) : null}
      >
        {withdrawing ? t('association.members.withdrawText', { church: withdrawing.church_name }) : ''}
      </ConfirmDialog>
    </Stack>
  );
}
