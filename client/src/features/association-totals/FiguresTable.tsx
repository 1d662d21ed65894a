import { Fragment } from 'react';
import { Paper, SimpleGrid, Stack, Table, Text, em } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { MOBILE_BREAKPOINT_PX } from '../../../../common/constants';
import { useT } from '../../lib/i18n';
import {
  FIGURE_HEADING, FIGURES, FigureValue, RowName, TotalNote, type FigureRow, type Level,
} from './figures';
import './messages';

const MOBILE_QUERY = `(max-width: ${em(MOBILE_BREAKPOINT_PX - 0.02)})`;

/** The month's figures, grouped: each section's churches under the section's total, the association's total last. */
export interface Groups {
  association: FigureRow | null;
  /** A section's total is null where it would repeat the association's: an association without sections. */
  sections: { total: FigureRow | null; churches: FigureRow[] }[];
}

/** Each section's churches under it (the server orders both by name, the churches of no section last). */
export function groupBySection(data: { association: FigureRow | null; sections: FigureRow[]; churches: FigureRow[] }): Groups {
  const noSections = data.association !== null && data.sections.length === 1 && data.sections[0].section_id === null;
  return {
    association: data.association,
    sections: data.sections.map((total) => ({
      total: noSections ? null : total, churches: data.churches.filter((c) => c.section_id === total.section_id),
    })),
  };
}

const rowProps = (row: FigureRow, level: Level) => ({
  'data-testid': 'totals-row', 'data-level': level, 'data-name': level === 'church' ? row.church_name ?? '' : row.section_name ?? '',
});

/** Wide screens: one table, a row per church, a section's total above its churches, the association's at the foot. */
function WideTable({ groups }: { groups: Groups }) {
  const t = useT();
  const line = (row: FigureRow, level: Level) => (
    <Table.Tr {...rowProps(row, level)} fw={level === 'church' ? undefined : 600} bg={level === 'church' ? undefined : 'var(--mantine-color-default-hover)'}>
      <Table.Th scope="row" fw={level === 'church' ? 400 : 600} pl={level === 'church' ? 'xl' : undefined}>
        <RowName row={row} level={level} />
        {level === 'church' ? null : <TotalNote row={row} />}
      </Table.Th>
      {FIGURES.map((figure) => (
        <Table.Td key={figure} ta="right" data-testid={`figure-${figure}`}><FigureValue row={row} figure={figure} /></Table.Td>
      ))}
    </Table.Tr>
  );
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table withTableBorder highlightOnHover verticalSpacing="xs" data-testid="totals-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th miw={200}>{t('associationtotals.column.church')}</Table.Th>
            {FIGURES.map((figure) => <Table.Th key={figure} ta="right">{t(FIGURE_HEADING[figure])}</Table.Th>)}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {groups.sections.map(({ total, churches }) => (
            <Fragment key={total?.section_id ?? 'none'}>
              {total ? line(total, 'section') : null}
              {churches.map((church) => <Fragment key={church.church_id}>{line(church, 'church')}</Fragment>)}
            </Fragment>
          ))}
        </Table.Tbody>
        {groups.association ? <Table.Tfoot>{line(groups.association, 'association')}</Table.Tfoot> : null}
      </Table>
    </Table.ScrollContainer>
  );
}

/** A phone: a card per church (and per total), its figures as label and value, two to a line. */
function FigureCard({ row, level }: { row: FigureRow; level: Level }) {
  const t = useT();
  return (
    <Paper withBorder p="sm" radius="md" bg={level === 'church' ? undefined : 'var(--mantine-color-default-hover)'} {...rowProps(row, level)}>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}><RowName row={row} level={level} /></Text>
      {level === 'church' ? null : <TotalNote row={row} />}
      <SimpleGrid cols={2} spacing="xs" verticalSpacing={6} mt={6} component="dl" m={0}>
        {FIGURES.filter((figure) => level === 'church' || figure !== 'sundays').map((figure) => (
          <div key={figure} style={{ minWidth: 0 }}>
            <Text component="dt" size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{t(FIGURE_HEADING[figure])}</Text>
            <Text component="dd" m={0} size="sm" data-testid={`figure-${figure}`}><FigureValue row={row} figure={figure} /></Text>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

function CardList({ groups }: { groups: Groups }) {
  return (
    <Stack gap="sm" data-testid="totals-cards">
      {groups.association ? <FigureCard row={groups.association} level="association" /> : null}
      {groups.sections.map(({ total, churches }) => (
        <Stack key={total?.section_id ?? 'none'} gap="xs">
          {total ? <FigureCard row={total} level="section" /> : null}
          {churches.map((church) => <FigureCard key={church.church_id} row={church} level="church" />)}
        </Stack>
      ))}
    </Stack>
  );
}

/** The comparison of the member churches: a table on wide screens, cards on a phone (no page scrolls sideways). */
export function FiguresTable({ groups }: { groups: Groups }) {
  const compact = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  return compact ? <CardList groups={groups} /> : <WideTable groups={groups} />;
}
