import { ThemeIcon } from '@mantine/core';
import { IconFileText, IconMovie, IconPhoto } from '@tabler/icons-react';
import type { AdminMediaType } from '../../../../../common/schemas/admin-people';

const ICONS = { image: IconPhoto, video: IconMovie, document: IconFileText } as const;
const COLORS: Record<AdminMediaType, string> = { image: 'blue', video: 'grape', document: 'orange' };

/** The icon of a media card: a photo, a film or a page. */
export function MediaTypeIcon({ type }: { type: AdminMediaType }) {
  const Icon = ICONS[type];
  return (
    <ThemeIcon size="lg" variant="light" color={COLORS[type]} aria-hidden>
      <Icon size={20} stroke={1.6} />
    </ThemeIcon>
  );
}
