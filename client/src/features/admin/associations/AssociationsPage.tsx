import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { IconAlertCircle, IconBuildingCommunity, IconPlus } from '@tabler/icons-react';
import { DataTable } from '../../../components/DataTable';
import { PagedTable } from '../../../components/PagedTable';
import { notify } from '../../../lib/notify';
import { trpc } from '../../../lib/trpc';
import { useAddressParams } from '../../../lib/useAddressParams';
import { failureText } from '../shared/console-errors';
import { pageParam, pageValue } from '../shared/console-params';
import { ASSOCIATION_COLUMNS, AssociationRow, type AdminAssociation } from './AssociationRow';
import { CreateAssociationModal } from './CreateAssociationModal';
import { ASSOCIATIONS_TEXTS as T } from './texts';

const PAGE_SIZE = 20;
const SEARCH_DEBOUNCE_MS = 300;

/** Deactivating asks first (its officers are signed out); reactivating does not. */
function ToggleDialog({ association, onClose, onChanged }: { association: AdminAssociation | null; onClose: () => void; onChanged: () => void }) {
  const deactivate = trpc.admin.associations.deactivate.useMutation({
    onSuccess: (result) => { notify({ color: 'green', message: `${result.association.name}: ${result.message}` }); onChanged(); onClose(); },
  });
  return (
    <Modal opened={association !== null} onClose={onClose} title={association ? T.deactivateTitle(association.name) : T.deactivate} centered>
      <Stack gap="md">
        <Text size="sm">{T.deactivateHint}</Text>
        {deactivate.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {failureText(deactivate.error, T.changeFailed, T.changeFailedGeneric)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={deactivate.isPending}>{T.cancel}</Button>
          <Button color="red" loading={deactivate.isPending} onClick={() => association && deactivate.mutate({ id: association.id })}>
            {T.deactivate}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * Associations: search (kept in the address), a page of associations with their churches and
 * officers, Create association (with its first admin) and deactivate/reactivate. Associations do not
 * pay: each row says so.
 */
export function AssociationsPage() {
  const utils = trpc.useUtils();
  const { params, update } = useAddressParams();
  const search = params.get('search') ?? '';
  const page = pageParam(params.get('page'));

  const [searchInput, setSearchInput] = useState(search);
  const typedSearch = searchInput.trim();
  const lastSearch = useRef(typedSearch);
  useEffect(() => {
    if (typedSearch === lastSearch.current) return undefined;
    const timer = setTimeout(() => {
      lastSearch.current = typedSearch;
      update({ search: typedSearch || null, page: null });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typedSearch, update]);

  const list = trpc.admin.associations.list.useQuery({ search: search || undefined, page, limit: PAGE_SIZE }, { placeholderData: keepPreviousData });
  const [creating, setCreating] = useState(false);
  const [deactivating, setDeactivating] = useState<AdminAssociation | null>(null);
  const changed = () => {
    void utils.admin.associations.list.invalidate();
    void utils.admin.overview.invalidate();
    void utils.admin.auditLogs.invalidate();
  };
  const reactivate = trpc.admin.associations.reactivate.useMutation({
    onSuccess: (result) => { notify({ color: 'green', message: `${result.association.name}: ${result.message}` }); changed(); },
    onError: (error) => notify({ color: 'red', message: failureText(error, T.changeFailed, T.changeFailedGeneric) }),
  });
  const data = list.data;

  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1} size="h2">{T.title}</Title>
        <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)}>{T.create}</Button>
      </Group>
      <Text size="sm" c="dimmed" maw={760}>{T.intro} {T.billing}</Text>
      <Card withBorder padding="lg">
        <Stack gap="md">
          <TextInput
            label={T.search}
            placeholder={T.searchPlaceholder}
            value={searchInput}
            onChange={(event) => setSearchInput(event.currentTarget.value)}
            maw={360}
            maxLength={100}
          />
          <PagedTable
            query={list}
            items={data?.items}
            loadingLabel={T.loading}
            errorTitle={T.failed}
            empty={{
              icon: <IconBuildingCommunity size={28} stroke={1.5} aria-hidden />,
              title: T.empty,
              hint: search ? T.emptyFiltered : T.emptyYet,
              testId: 'associations-empty',
            }}
            pagination={data && {
              ...data.pagination,
              pageSize: PAGE_SIZE,
              onPage: (next) => update({ page: pageValue(next) }, { push: true }),
              testId: 'associations-pagination',
            }}
          >
            {(items) => (
              <DataTable
                items={items}
                testId="associations-table"
                minWidth={760}
                columns={ASSOCIATION_COLUMNS}
                hover
                row={(association) => (
                  <AssociationRow
                    key={association.id}
                    association={association}
                    onToggle={(a) => (a.is_active ? setDeactivating(a) : reactivate.mutate({ id: a.id }))}
                  />
                )}
              />
            )}
          </PagedTable>
        </Stack>
      </Card>
      <CreateAssociationModal opened={creating} onClose={() => setCreating(false)} onCreated={changed} />
      <ToggleDialog association={deactivating} onClose={() => setDeactivating(null)} onChanged={changed} />
    </Stack>
  );
}
