import { useEffect, useRef, useState } from 'react';
import { Card, Stack, Text, Title } from '@mantine/core';
import { notify } from '../../lib/notify';
import { IconSchool } from '@tabler/icons-react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ScreenBoundary } from '../../components/ScreenBoundary';
import { PagedTable } from '../../components/PagedTable';
import { serverMessage } from '../../lib/errors';
import { localized, useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import { useCan, useSignedInSession } from '../auth';
import { RolloverOffer } from '../rollover';
import { classLabelWithYear, type ClassItem } from '../../lib/class-label';
import { ClassesTable } from './ClassesTable';
import { ClassForm } from './ClassForm';
import './messages';

/** Why a class was not deleted, in the page's language (a class that still has students is said from
 * the refusal's reason and count, lib/errors.ts). */
const deleteRefusal = (t: ReturnType<typeof useT>, error: unknown) => localized(t, serverMessage(error, t('classes.deleteFailed')));

/**
 * Class Management. Those who manage classes see every class and add and edit them; only those
 * who may delete classes delete one (after a confirmation). A teacher sees their own classes
 * (my-classes), read-only. Those who may roll the year over find the rollover here too while it is
 * offered (the wizard of the Configuration screen).
 */
export function ClassesPage() {
  const t = useT();
  const { user } = useSignedInSession();
  // Those who manage classes see every class of the church; teachers only the classes they teach.
  const manager = useCan('manageClasses');
  const canDelete = useCan('deleteClasses');
  const rollsOverYear = useCan('rollOverYear');
  const utils = trpc.useUtils();

  const all = trpc.classes.list.useQuery(undefined, { enabled: manager });
  const mine = trpc.classes.myClasses.useQuery(undefined, { enabled: !manager });
  const classes = manager ? all : mine;

  const [editing, setEditing] = useState<ClassItem | null>(null);
  const [formVersion, setFormVersion] = useState(0);
  // The class asked about stays set while the dialog closes, so its text does not vanish mid-animation.
  const [deleting, setDeleting] = useState<ClassItem | null>(null);
  const [confirmOpened, setConfirmOpened] = useState(false);
  const formRef = useRef<HTMLDivElement>(null);

  // Editing a row far down the list brings the form (above the list) into view.
  useEffect(() => {
    if (editing) formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [editing]);

  const remove = trpc.classes.delete.useMutation({
    onSuccess: async (result) => {
      notify({ color: 'green', message: localized(t, result.message) });
      if (editing?.id === result.id) setEditing(null);
      setConfirmOpened(false);
      await Promise.all([
        utils.classes.invalidate(), utils.students.invalidate(), utils.subscription.usage.invalidate(), utils.users.teachers.invalidate(),
      ]);
    },
  });

  const closeForm = () => {
    setEditing(null);
    setFormVersion((v) => v + 1);
  };

  const title = user.role === 'super_admin' ? t('classes.titleManagement') : t('classes.title');

  return (
    <Stack gap="lg" maw={1200}>
      <Stack gap={4}>
        <Title order={1} size="h2">{title}</Title>
        <Text c="dimmed">
          {manager ? t('classes.subtitleManager') : t('classes.subtitleTeacher')}
        </Text>
      </Stack>

      {rollsOverYear ? <ScreenBoundary fallback={null}><RolloverOffer /></ScreenBoundary> : null}

      {manager ? (
        <div ref={formRef} style={{ scrollMarginTop: 76 }}>
          <ClassForm key={editing ? `edit-${editing.id}` : `new-${formVersion}`} editing={editing} onDone={closeForm} />
        </div>
      ) : null}

      <Card withBorder padding="lg">
        <Stack gap="md">
          <Title order={2} size="h4">{manager ? t('classes.allClasses') : t('classes.myClasses')}</Title>
          <PagedTable
            query={classes}
            items={classes.data}
            loadingLabel={t('classes.loading')}
            errorTitle={(detail) => t('classes.loadFailed', { detail: localized(t, detail) })}
            errorFallback={t('classes.unreachable')}
            empty={{ icon: <IconSchool size={28} />, title: t('classes.empty'), testId: 'classes-empty' }}
          >
            {(items) => (
              <ClassesTable
                classes={items}
                viewer={{ name: user.name, seesAllClasses: manager }}
                onEdit={manager ? setEditing : undefined}
                onDelete={canDelete ? (cls) => { remove.reset(); setDeleting(cls); setConfirmOpened(true); } : undefined}
              />
            )}
          </PagedTable>
        </Stack>
      </Card>

      <ConfirmDialog
        opened={confirmOpened}
        title={t('classes.deleteTitle')}
        confirmLabel={t('common.delete')}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onClose={() => setConfirmOpened(false)}
        pending={remove.isPending}
        error={remove.isError ? deleteRefusal(t, remove.error) : null}
      >
        {deleting ? t('classes.deleteQuestion', { label: classLabelWithYear(deleting) }) : ''}
      </ConfirmDialog>
    </Stack>
  );
}
