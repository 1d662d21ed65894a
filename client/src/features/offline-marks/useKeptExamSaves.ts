import { useEffect, useState } from 'react';
import type { ExamMarksSave } from '../../lib/offline/device-db';
import { keptExamSaves, onExamSavesChanged } from './exam-saves';

/** The owner's exam mark list saves kept on this device, read again whenever they change (in this tab
 * or another); undefined until the first read has answered, none when the device database cannot be read. */
export function useKeptExamSaves(owner: string) {
  const [saves, setSaves] = useState<ExamMarksSave[] | undefined>(undefined);
  useEffect(() => {
    let live = true;
    const load = () => {
      keptExamSaves(owner).then((found) => live && setSaves(found), () => live && setSaves([]));
    };
    load();
    const stop = onExamSavesChanged(load);
    return () => {
      live = false;
      stop();
    };
  }, [owner]);
  return saves;
}
