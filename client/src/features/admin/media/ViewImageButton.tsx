import { Button, type ButtonProps } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { notify } from '../../../lib/notify';
import { MEDIA_TEXTS } from './texts';

interface ViewImageButtonProps extends ButtonProps {
  fileUrl: string | null;
  label: string;
  'aria-label'?: string;
}

/**
 * Opens an image in a new tab. The address is the server's signed one: it works
 * for a few minutes without a session, so nothing lasting or guessable is opened.
 */
export function ViewImageButton({ fileUrl, label, ...props }: ViewImageButtonProps) {
  if (!fileUrl) {
    return (
      <Button {...props} onClick={() => notify({ color: 'red', message: MEDIA_TEXTS.noViewableUrl })}>{label}</Button>
    );
  }
  return (
    <Button {...props} component="a" href={fileUrl} target="_blank" rel="noopener noreferrer" rightSection={<IconExternalLink size={14} aria-hidden />}>
      {label}
    </Button>
  );
}
