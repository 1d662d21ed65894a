import { useEffect, useRef, useState } from 'react';
import {
  ActionIcon, Alert, Autocomplete, Button, Group, List, Modal, Progress, Select, SimpleGrid, Stack, Text, Textarea, TextInput,
} from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import '@mantine/dropzone/styles.css';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle, IconCloudUpload, IconFileTypePdf, IconMovie, IconPhoto, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import {
  DEFAULT_DEPARTMENT, MEDIA_MAX_MB, MEDIA_MIME_TYPES, departmentLabel, type MediaKind,
} from '../../../../common/media-limits';
import { galleryUploadFields } from '../../../../common/schemas/gallery';
import { FieldSkeleton } from '../../components/FieldSkeleton';
import { QueryErrorState } from '../../components/ErrorState';
import { localized, translate, useLanguage, useT } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { churchToday, useSignedInSession } from '../auth';
import { clearCredentials, getCredentials } from '../../lib/session-store';
import { useAcademicYears, yearOptions } from '../classes';
import { monthOptionsIn } from '../../lib/months';
import { ChildrenPicker } from './ChildrenPicker';
import { CompressionRefused, compressPhotos } from './compress-images';
import { addFiles, formatBytes, type ChosenFile } from './file-checks';
import './messages';
import { UploadFailed, uploadMedia } from './upload-media';

const checkFields = schemaResolver(galleryUploadFields, { sync: true });
const ACCEPTED = [...MEDIA_MIME_TYPES.image, ...MEDIA_MIME_TYPES.pdf, ...MEDIA_MIME_TYPES.video];
const KIND_ICONS: Record<MediaKind, typeof IconPhoto> = { image: IconPhoto, pdf: IconFileTypePdf, video: IconMovie };

type Phase = 'idle' | 'compressing' | 'uploading';

/** The drop zone's own refusals (a type it does not accept, too many files) in the gallery's words. */
function rejectionMessages(rejections: readonly FileRejection[]): string[] {
  const messages = rejections.map(({ file, errors }) =>
    (errors.some((e) => e.code === 'too-many-files') ? translate('gallery.tooManyFiles') : translate('gallery.wrongType', { fileName: file.name })));
  return [...new Set(messages)];
}

interface UploadModalProps {
  opened: boolean;
  onClose: () => void;
  /** After a successful upload (the modal has notified and reset itself). */
  onUploaded: () => void;
}

/**
 * Upload Media: title, description, academic year (the current one by
 * default), month (this month), department (any name; the church's own offered) and the files,
 * dropped or chosen. Each file is checked before anything is sent; photos over 2 MB are first made
 * smaller (a progress bar from 0 to 100), then the upload runs with its own, real progress bar.
 * Cancel stops either and keeps what was typed and chosen. Its own chunk, with the drop zone and the
 * compressor: the gallery's grid does not carry them.
 */
export function UploadModal({ opened, onClose, onUploaded }: UploadModalProps) {
  const t = useT();
  const language = useLanguage();
  const { church } = useSignedInSession();
  const queryClient = useQueryClient();
  const years = useAcademicYears();
  const departments = trpc.gallery.departments.useQuery(undefined, { staleTime: 5 * 60_000 });
  const currentYear = useRef('');
  currentYear.current = years.data?.current ?? '';

  const [files, setFiles] = useState<ChosenFile[]>([]);
  const [childIds, setChildIds] = useState<string[]>([]);
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const [phase, setPhase] = useState<Phase>('idle');
  const [compressed, setCompressed] = useState(0);
  const [uploaded, setUploaded] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);
  const busy = phase !== 'idle';

  // Leaving the screen mid-upload stops it.
  useEffect(() => () => running.current?.abort(), []);

  const form = useForm({
    initialValues: {
      title: '',
      description: '',
      // Untouched, the year is the church's current one.
      academic_year: '',
      month: churchToday(church).slice(5, 7),
      department: departmentLabel(DEFAULT_DEPARTMENT),
    },
    // The shared schema's messages are English: shown in the active language.
    validate: (values) => Object.fromEntries(Object.entries(checkFields({ ...values, academic_year: values.academic_year || currentYear.current }))
      .map(([field, message]) => [field, typeof message === 'string' ? localized(translate, message) : message])),
    onValuesChange: () => setFailure(null),
  });
  const academicYear = form.values.academic_year || currentYear.current;

  const choose = (added: readonly File[], refused: string[] = []) => {
    const result = addFiles(files, added);
    setFiles(result.files);
    setFileErrors([...refused, ...result.errors]);
    setFailure(null);
  };

  const send = async (values: typeof form.values) => {
    if (files.length === 0) {
      setFileErrors([t('gallery.selectFiles')]);
      return;
    }
    const controller = new AbortController();
    running.current = controller;
    setFailure(null);
    setFileErrors([]);
    try {
      let toSend = files.map((f) => f.file);
      if (files.some((f) => f.compress)) {
        setCompressed(0);
        setPhase('compressing');
        toSend = await compressPhotos(files, setCompressed, controller.signal);
      }
      setUploaded(0);
      setPhase('uploading');
      const fields = { ...values, academic_year: academicYear, student_ids: childIds.join(',') };
      const message = await uploadMedia(fields, toSend, setUploaded, controller.signal);
      notify({ color: 'green', message: localized(t, message) });
      form.reset();
      setFiles([]);
      setChildIds([]);
      onUploaded();
    } catch (error) {
      if (controller.signal.aborted) return; // Cancel: everything stays as it was
      if (error instanceof UploadFailed && error.status === 401 && getCredentials()) {
        // The session is gone: forget it, as for any other call (app/query-client.ts).
        clearCredentials();
        setTimeout(() => queryClient.clear(), 0);
        return;
      }
      setFailure(error instanceof CompressionRefused || error instanceof UploadFailed ? localized(t, error.message) : t('gallery.processFailed'));
    } finally {
      if (running.current === controller) running.current = null;
      setPhase('idle');
    }
  };

  const cancel = () => running.current?.abort();
  const close = () => {
    if (!busy) onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('gallery.uploadMedia')}
      size="lg"
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      withCloseButton={!busy}
      closeButtonProps={{ 'aria-label': t('gallery.close') }}
    >
      <form noValidate aria-label={t('gallery.uploadMedia')} onSubmit={form.onSubmit((values) => void send(values))}>
        <Stack gap="md">
          <TextInput label={t('gallery.titleLabel')} withAsterisk disabled={busy} key={form.key('title')} {...form.getInputProps('title')} />
          <Textarea
            label={t('gallery.descriptionLabel')}
            autosize
            minRows={2}
            maxRows={6}
            disabled={busy}
            key={form.key('description')}
            {...form.getInputProps('description')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            {years.isPending ? <FieldSkeleton /> : (
              <Select
                label={t('gallery.academicYear')}
                withAsterisk
                data={yearOptions(years.data?.choices, academicYear)}
                allowDeselect={false}
                disabled={busy}
                key={form.key('academic_year')}
                {...form.getInputProps('academic_year')}
                value={academicYear || null}
              />
            )}
            <Select
              label={t('gallery.month')}
              withAsterisk
              data={monthOptionsIn(language)}
              allowDeselect={false}
              maxDropdownHeight={280}
              disabled={busy}
              key={form.key('month')}
              {...form.getInputProps('month')}
              value={form.values.month || null}
            />
          </SimpleGrid>
          <Autocomplete
            label={t('gallery.department')}
            data={[...new Set((departments.data ?? [DEFAULT_DEPARTMENT]).map(departmentLabel))]}
            disabled={busy}
            key={form.key('department')}
            {...form.getInputProps('department')}
          />
          <ChildrenPicker value={childIds} onChange={(ids) => { setChildIds(ids); setFailure(null); }} disabled={busy} />
          {years.isError ? <QueryErrorState query={years} title={t('gallery.academicYearsLoadFailed')} fallback={t('gallery.unreachable')} /> : null}

          <Dropzone
            onDrop={(dropped) => choose(dropped)}
            onReject={(rejections) => choose([], rejectionMessages(rejections))}
            accept={ACCEPTED}
            multiple
            disabled={busy}
            data-testid="upload-dropzone"
            aria-label={t('gallery.files')}
          >
            <Stack align="center" gap={6} py="md" style={{ pointerEvents: 'none', textAlign: 'center' }}>
              <IconCloudUpload size={36} stroke={1.4} aria-hidden />
              <Text fw={500}>{t('gallery.dropTitle')}</Text>
              <Text size="sm" c="dimmed">{t('gallery.dropHint', { imageMb: MEDIA_MAX_MB.image, pdfMb: MEDIA_MAX_MB.pdf, videoMb: MEDIA_MAX_MB.video })}</Text>
            </Stack>
          </Dropzone>

          {fileErrors.length > 0 ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" data-testid="file-errors">
              {fileErrors.length === 1 ? fileErrors[0] : (
                <List size="sm" spacing={4}>{fileErrors.map((message) => <List.Item key={message}>{message}</List.Item>)}</List>
              )}
            </Alert>
          ) : null}

          {files.length > 0 ? (
            <Stack gap={6} component="ul" aria-label={t('gallery.chosenFiles')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {files.map((chosen) => {
                const Icon = KIND_ICONS[chosen.kind];
                return (
                  <Group key={chosen.id} component="li" gap="sm" wrap="nowrap" justify="space-between" data-testid="chosen-file">
                    <Group gap="sm" wrap="nowrap" miw={0}>
                      <Icon size={20} stroke={1.5} aria-hidden style={{ flexShrink: 0 }} />
                      <Stack gap={0} miw={0}>
                        <Text size="sm" truncate="end">{chosen.file.name}</Text>
                        <Text size="xs" c="dimmed">
                          {formatBytes(chosen.file.size)}{chosen.compress ? ` · ${t('gallery.willCompress')}` : ''}
                        </Text>
                      </Stack>
                    </Group>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={t('gallery.remove', { name: chosen.file.name })}
                      disabled={busy}
                      onClick={() => {
                        setFiles(files.filter((f) => f.id !== chosen.id));
                        setFileErrors([]);
                      }}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                );
              })}
            </Stack>
          ) : null}

          {phase === 'compressing' || (phase === 'uploading' && files.some((f) => f.compress)) ? (
            <Stack gap={4}>
              <Text size="sm">{t('gallery.compressingPercent', { percent: compressed })}</Text>
              <Progress value={compressed} aria-label={t('gallery.compressing')} data-testid="compression-progress" />
            </Stack>
          ) : null}
          {phase === 'uploading' ? (
            <Stack gap={4}>
              <Text size="sm">{t('gallery.uploadingPercent', { percent: uploaded })}</Text>
              <Progress value={uploaded} color="green" aria-label={t('gallery.uploading')} data-testid="upload-progress" />
            </Stack>
          ) : null}

          {failure ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" data-testid="upload-error">{failure}</Alert>
          ) : null}

          <Group justify="flex-end" gap="sm">
            {busy
              ? <Button variant="default" onClick={cancel}>{t('common.cancel')}</Button>
              : <Button variant="default" onClick={close}>{t('gallery.close')}</Button>}
            <Button type="submit" loading={busy} leftSection={<IconCloudUpload size={18} />}>{t('gallery.upload')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
