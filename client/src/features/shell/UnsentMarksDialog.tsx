import { useEffect, useId, useRef } from 'react';
import { Button } from '@mantine/core';
import { useT } from '../../lib/i18n';
import classes from './UnsentMarksDialog.module.css';

interface UnsentMarksDialogProps {
  /** How many marks would be lost. */
  count: number;
  onConfirm: () => void;
  onCancel: () => void;
  pending: boolean;
}

/**
 * Logout while marks wait on this device: they would be lost, so the user confirms first. The
 * browser's own modal dialog (focus kept inside, Escape cancels), part of the frame's chunk: it must
 * open offline, when nothing more can be downloaded.
 */
export function UnsentMarksDialog({ count, onConfirm, onCancel, pending }: UnsentMarksDialogProps) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      className={classes.dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!pending) onCancel();
      }}
    >
      <h2 id={titleId} className={classes.title}>{t('common.unsentMarksTitle')}</h2>
      <p className={classes.text}>{t('common.unsentMarks', { count })}</p>
      <div className={classes.actions}>
        <Button variant="default" onClick={onCancel} disabled={pending}>{t('common.cancel')}</Button>
        <Button color="red" onClick={onConfirm} loading={pending}>{t('common.logoutAnyway')}</Button>
      </div>
    </dialog>
  );
}
