import { useState } from 'react';
import { Alert, Button, Group, Modal, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { CONSENT_PURPOSES, type ConsentPurpose } from '../../../../common/consent';
import { serverMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { localized, useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import type { ConsentDialogProps } from './guardians';
import { PURPOSE_LABEL } from './purposes';
import './messages';

type Choice = 'given' | 'withdrawn' | 'unchanged';

/** Answers collected on paper or in person: the guardian, how, and per purpose Given, Withdrawn or unchanged. */
export function RecordConsentDialog({ studentId, guardians, onClose }: ConsentDialogProps) {
  const t = useT();
  const utils = trpc.useUtils();
  const [guardianId, setGuardianId] = useState<string | null>(guardians[0]?.id ?? null);
  const [method, setMethod] = useState<'paper_form' | 'in_person'>('paper_form');
  const [choices, setChoices] = useState<Record<ConsentPurpose, Choice>>({ enrolment: 'unchanged', photos: 'unchanged', messages: 'unchanged' });
  const [pickOne, setPickOne] = useState(false);
  const record = trpc.consent.record.useMutation({
    onSuccess: () => {
      notify({ color: 'teal', message: t('consent.record.saved') });
      // The badges of the roll call and the student list, and the guardian's contact consent, follow.
      void Promise.all([utils.consent.forStudent.invalidate({ id: studentId }), utils.students.invalidate(), utils.guardians.invalidate()]);
      onClose();
    },
  });

  const submit = () => {
    const answers = Object.fromEntries(CONSENT_PURPOSES.filter((p) => choices[p] !== 'unchanged').map((p) => [p, choices[p] === 'given']));
    if (!guardianId || Object.keys(answers).length === 0) {
      setPickOne(true);
      return;
    }
    record.mutate({ id: studentId, guardian_id: guardianId, method, answers });
  };

  return (
    <Modal opened onClose={onClose} title={t('consent.record')} centered>
      <Stack gap="md">
        <Select
          label={t('consent.record.guardian')}
          data={guardians.map((g) => ({ value: g.id, label: g.name }))}
          value={guardianId}
          onChange={setGuardianId}
          allowDeselect={false}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="consent-method">{t('consent.record.method')}</Text>
          <SegmentedControl
            aria-labelledby="consent-method"
            value={method}
            onChange={(v) => setMethod(v)}
            data={[{ value: 'paper_form', label: t('consent.method.paper_form') }, { value: 'in_person', label: t('consent.method.in_person') }]}
          />
        </Stack>
        {CONSENT_PURPOSES.map((purpose) => (
          <Stack gap={4} key={purpose}>
            <Text size="sm" fw={500} id={`consent-choice-${purpose}`}>{t(PURPOSE_LABEL[purpose])}</Text>
            <SegmentedControl
              fullWidth
              aria-labelledby={`consent-choice-${purpose}`}
              value={choices[purpose]}
              onChange={(v) => {
                setPickOne(false);
                setChoices((c) => ({ ...c, [purpose]: v }));
              }}
              data={[
                { value: 'given', label: t('consent.state.given') },
                { value: 'withdrawn', label: t('consent.state.withdrawn') },
                { value: 'unchanged', label: t('consent.record.unchanged') },
              ]}
            />
          </Stack>
        ))}
        {pickOne ? <Alert color="orange" variant="light" role="alert">{t('consent.record.pickOne')}</Alert> : null}
        {record.isError ? (
          <Alert color="red" variant="light" role="alert">{localized(t, serverMessage(record.error, t('consent.record.failed')))}</Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('consent.record.cancel')}</Button>
          <Button onClick={submit} loading={record.isPending}>{t('consent.record.save')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
