import { useEffect, useRef, useState } from 'react';
import { Card, Stack, Text, Title } from '@mantine/core';
import { notify } from '../../lib/notify';
import { IconSchool } from '@tabler/icons-react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PagedTable } from '../../components/PagedTable';
import { serverMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { useCan, useSignedInSession } from '../auth';
import { classLabelWithYear, type ClassItem } from '../../lib/class-label';
import { ClassesTable } from './ClassesTable';
import { ClassForm } from './ClassForm';
import { CLASS_TEXT } from './text';

/**
 * Class Management. Those who manage classes see every class and add and edit them; only those
 * who may delete classes delete one (after a confirmation). A teacher sees their own classes
 * (my-classes), read-only.
 */
export function ClassesPage() {
  const { user } = useSignedInSession();
  // Those who manage classes see every class of the church; teachers only the classes they teach.
  const manager = useCan('manageClasses');
  const canDelete = useCan('deleteClasses');
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
      notify({ color: 'green', message: result.message });
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

  const title = user.role === 'super_admin' ? 'Class Management' : 'Classes';

  return (
    <Stack gap="lg" maw={1200}>
      <Stack gap={4}>
        <Title order={1} size="h2">{title}</Title>
        <Text c="dimmed">
          {manager ? 'All classes of the church, with their teacher and students.' : 'The classes you teach.'}
        </Text>
      </Stack>

      {manager ? (
        <div ref={formRef} style={{ scrollMarginTop: 76 }}>
          <ClassForm key={editing ? `edit-${editing.id}` : `new-${formVersion}`} editing={editing} onDone={closeForm} />
        </div>
      ) : null}

      <Card withBorder padding="lg">
        <Stack gap="md">
          <Title order={2} size="h4">{manager ? 'All Classes' : 'My Classes'}</Title>
          <PagedTable
            query={classes}
            items={classes.data}
            loadingLabel="Loading classes"
            errorTitle={CLASS_TEXT.loadFailed}
            errorFallback={CLASS_TEXT.unreachable}
            empty={{ icon: <IconSchool size={28} />, title: CLASS_TEXT.empty, testId: 'classes-empty' }}
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
        title="Delete class"
        confirmLabel="Delete"
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onClose={() => setConfirmOpened(false)}
        pending={remove.isPending}
        error={remove.isError ? serverMessage(remove.error, CLASS_TEXT.deleteFailed) : null}
      >
        {deleting ? `Delete class ${classLabelWithYear(deleting)}? This cannot be undone.` : ''}
      </ConfirmDialog>
    </Stack>
  );
}
