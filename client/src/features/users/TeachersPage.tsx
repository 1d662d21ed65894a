import { useState } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { useCan, useSignedInSession } from '../auth';
import { TeachersSection } from './TeachersSection';
import { UserForm } from './UserForm';
import { useUserActions } from './useUserActions';
import { useT } from '../../lib/i18n';
import './messages';
import type { ManagedUser } from './roles';

/**
 * Teacher Management: the teachers with their classes, and the form that adds a
 * teacher. Only a super admin edits and deletes (the action column).
 */
export function TeachersPage() {
  const t = useT();
  const { user } = useSignedInSession();
  const admin = useCan('manageAllUsers');
  const [editing, setEditing] = useState<ManagedUser | null>(null);
  const [formVersion, setFormVersion] = useState(0);
  const actions = useUserActions({ onDeleted: (id) => { if (editing?.id === id) setEditing(null); } });
  const closeForm = () => { setEditing(null); setFormVersion((v) => v + 1); };

  return (
    <Stack gap="lg" maw={1200}>
      <Stack gap={4}>
        <Title order={1} size="h2">{t('users.teachersTitle')}</Title>
        <Text c="dimmed">{t('users.teachersIntro')}</Text>
      </Stack>
      <UserForm key={editing ? `edit-${editing.id}` : `new-${formVersion}`} actorRole={user.role} editing={editing} onDone={closeForm} />
      <TeachersSection onEdit={admin ? setEditing : undefined} onDelete={admin ? actions.askDelete : undefined} />
      {actions.dialog}
    </Stack>
  );
}
