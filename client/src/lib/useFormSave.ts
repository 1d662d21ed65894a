import { useState } from 'react';
import { notify } from './notify';
import { trpc } from './trpc';

/** What the form needs of a tRPC mutation hook's result. */
interface SaveMutation<Input> {
  mutate(input: Input, options: { onSuccess: () => void }): void;
  reset(): void;
  isPending: boolean;
  error: unknown;
}

/**
 * The save half of the class and student add/edit forms: field errors, the create and update
 * mutations, and what follows a save: a green notice; classes, students and plan usage refreshed
 * (each list shows counts of the others) and the teacher lists; the form closed. Typing in a field clears its error and
 * the last server error.
 */
export function useFormSave<Field extends string, Data>(options: {
  create: SaveMutation<Data>;
  update: SaveMutation<Data & { id: string }>;
  texts: { added: string; updated: string };
  onDone: () => void;
}) {
  const { create, update, texts, onDone } = options;
  const utils = trpc.useUtils();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const savedWith = (message: string) => () => {
    notify({ color: 'green', message });
    // Teacher lists show each teacher's classes.
    void Promise.all([utils.classes.invalidate(), utils.students.invalidate(), utils.subscription.usage.invalidate(), utils.users.teachers.invalidate()])
      .then(onDone);
  };

  return {
    errors,
    setErrors,
    saving: create.isPending || update.isPending,
    saveError: create.error ?? update.error,
    clearError: (field: Field) => {
      setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
      create.reset();
      update.reset();
    },
    /** Adds, or updates the record with `editingId`. */
    save: (editingId: string | undefined, data: Data) => {
      setErrors({});
      if (editingId) update.mutate({ id: editingId, ...data }, { onSuccess: savedWith(texts.updated) });
      else create.mutate(data, { onSuccess: savedWith(texts.added) });
    },
  };
}
