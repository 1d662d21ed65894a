import { useEffect, useMemo, useRef, useState } from 'react';
import { EXAM_MESSAGES } from '../../../../common/exams';
import { can } from '../../../../common/permissions';
import { saveMarksInput } from '../../../../common/schemas/exams';
import { useSignedInSession } from '../auth';
import {
  dropExamDraft, dropExamSave, isOffline, keepExamDraft, keepExamSave, readExamDraft, reportNetworkFailure, reportNetworkWorks,
  sendKeptExamSavesSoon, useKeptExamSaves,
} from '../offline-marks';
import { isNetworkFailure } from '../../lib/errors';
import { localized, useT, type MessageId } from '../../lib/i18n';
import { ownerKey, type ExamMarksDraft, type ExamMarksSave } from '../../lib/offline/device-db';
import { trpc } from '../../lib/trpc';
import { cellKey, cellProblem, checkedValue, textOf, type CellValue } from './cells';
import './messages';

type SaveInput = ExamMarksSave['input'];
const NOTHING_TYPED: Record<string, string> = {};

/** What the last save said. */
export interface Feedback { kind: 'success' | 'error'; text: string }
/** The list's saves kept on this phone (waiting), or all just saved to the church from it. */
type SheetSync = 'kept' | 'synced' | null;

/** A message of the server about one mark in the page's language (the maximum's is made of its value). */
function markMessage(t: ReturnType<typeof useT>, message: string): string {
  const max = /(\d+)/.exec(message)?.[1];
  return max && message === EXAM_MESSAGES.aboveMax(Number(max)) ? t('exammarks.aboveMax', { max: Number(max) }) : localized(t, message);
}

/** A server's refusal in the page's language: a bad cell names its roll number and paper ("Roll 3, Scripture: …"). */
function refusalText(t: ReturnType<typeof useT>, error: { message: string }): string {
  const cell = /^Roll (\d+), (.+?): (.+)$/.exec(error.message);
  if (cell) return t('exammarks.refusedCell', { roll: cell[1], paper: cell[2], reason: markMessage(t, cell[3]) });
  return markMessage(t, error.message) || t('exammarks.saveFailed');
}

/**
 * A class's mark list of an exam on this phone: the server's list, over it the saves kept on the
 * device, over those the values typed since the last save (kept on the device as they are typed, so
 * a reload shows them again, not saved); each typed value checked against its
 * paper by the shared schema; Save online, or kept on the device without an answer and sent (with
 * the same write id) when the connection returns; the published list locked for teachers, and a
 * manager's correction with its reason.
 */
export function useMarkList(examId: string, classId: string) {
  const t = useT();
  const { user, church } = useSignedInSession();
  const owner = ownerKey(church.code, user.id);
  const utils = trpc.useUtils();
  const ref = useMemo(() => ({ exam_id: examId, class_id: classId }), [examId, classId]);
  const list = trpc.exams.marks.useQuery(ref);
  const saveCall = trpc.exams.saveMarks.useMutation({ networkMode: 'always' });
  const kept = useKeptExamSaves(owner);
  const keptOfList = useMemo(() => (kept ?? []).filter((s) => s.examId === examId && s.classId === classId), [kept, examId, classId]);
  const waiting = keptOfList.filter((s) => !s.refused);
  const refused = keptOfList.filter((s) => s.refused);

  const [typedAll, setTyped] = useState<Record<string, string>>({});
  const [remarksAll, setRemarks] = useState<Record<string, string>>({});
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [synced, setSynced] = useState(false);
  useTypedKeptOnDevice({ owner, examId, classId }, { typed: typedAll, remarks: remarksAll, reason }, (draft) => {
    setTyped((cells) => ({ ...draft.cells, ...cells }));
    setRemarks((notes) => ({ ...draft.remarks, ...notes }));
    setReason((text) => text || draft.reason);
  });

  const data = list.data;
  const published = Boolean(data?.exam.published_at);
  const corrects = can(user.role, 'manageExams');
  const locked = published && !corrects;
  // A list locked for this user shows the church's marks only; what was typed before stays on the
  // device (the list may be unpublished again) but is not shown as if it could be saved.
  const typed = locked ? NOTHING_TYPED : typedAll;
  const remarks = locked ? NOTHING_TYPED : remarksAll;

  // The server's values, over them the kept saves (oldest first, so the newest wins).
  const base = useMemo(() => {
    const cells = new Map<string, CellValue>();
    const notes = new Map<string, string | null>();
    for (const child of data?.children ?? []) {
      data!.papers.forEach((p, i) => cells.set(cellKey(child.student_id, p.id), child.marks[i]));
      notes.set(child.student_id, child.remark);
    }
    for (const save of waiting) {
      for (const e of save.input.entries) cells.set(cellKey(e.student_id, e.paper_id), e.value);
      for (const r of save.input.remarks) notes.set(r.student_id, r.remark);
    }
    return { cells, notes };
  }, [data, waiting]);

  const textAt = (studentId: string, paperId: string) => typed[cellKey(studentId, paperId)] ?? textOf(base.cells.get(cellKey(studentId, paperId)) ?? null);
  const remarkAt = (studentId: string) => remarks[studentId] ?? base.notes.get(studentId) ?? '';
  const paperOf = useMemo(() => new Map((data?.papers ?? []).map((p) => [p.id, p])), [data]);
  const problemAt = (studentId: string, paperId: string) => {
    const key = cellKey(studentId, paperId);
    const paper = paperOf.get(paperId);
    return key in typed && paper ? cellProblem(typed[key], paper) : null;
  };

  let entered = 0;
  for (const child of data?.children ?? []) {
    for (const p of data!.papers) if (textAt(child.student_id, p.id).trim() !== '') entered += 1;
  }
  const total = (data?.children.length ?? 0) * (data?.papers.length ?? 0);
  const problems = Object.keys(typed).filter((key) => {
    const [studentId, paperId] = key.split(' ');
    return problemAt(studentId, paperId) !== null;
  }).length;

  // The kept saves of this list went from waiting to none, none refused: "saved to the church".
  const wasWaiting = useRef(0);
  useEffect(() => {
    if (kept === undefined) return;
    if (wasWaiting.current > 0 && waiting.length === 0 && refused.length === 0) setSynced(true);
    wasWaiting.current = waiting.length;
  }, [kept, waiting.length, refused.length]);

  // Kept saves go now when the list opens online (the frame's sender also sends them when the connection returns).
  useEffect(() => sendKeptExamSavesSoon(), []);

  const setCell = (studentId: string, paperId: string, text: string) => {
    setSynced(false);
    setFeedback(null);
    setTyped((cells) => ({ ...cells, [cellKey(studentId, paperId)]: text }));
  };
  const setRemark = (studentId: string, text: string) => {
    setSynced(false);
    setFeedback(null);
    setRemarks((notes) => ({ ...notes, [studentId]: text }));
  };

  /** The changes typed since the last save, as the API takes them; null when a cell does not fit. */
  const changes = (): Pick<SaveInput, 'entries' | 'remarks'> | null => {
    const entries: SaveInput['entries'] = [];
    for (const [key, text] of Object.entries(typed)) {
      const [studentId, paperId] = key.split(' ');
      const paper = paperOf.get(paperId);
      if (!paper) continue;
      if (cellProblem(text, paper)) return null;
      const value = checkedValue(text, paper);
      if (value !== (base.cells.get(key) ?? null)) entries.push({ student_id: studentId, paper_id: paperId, value });
    }
    const notes = Object.entries(remarks).flatMap(([studentId, text]) => {
      const remark = text.trim() === '' ? null : text.trim();
      return remark === (base.notes.get(studentId) ?? null) ? [] : [{ student_id: studentId, remark }];
    });
    return { entries, remarks: notes };
  };
  const hasChanges = Object.keys(typed).length > 0 || Object.keys(remarks).length > 0;

  const saved = () => {
    setTyped({});
    setRemarks({});
    setReason('');
  };
  const say = (kind: Feedback['kind'], id: MessageId) => setFeedback({ kind, text: t(id) });

  const save = () => {
    if (!data || locked || saveCall.isPending) return;
    setFeedback(null);
    setSynced(false);
    const changed = changes();
    if (!changed) {
      say('error', 'exammarks.fixCells');
      return;
    }
    if (changed.entries.length === 0 && changed.remarks.length === 0) {
      saved();
      say('success', 'exammarks.nothingChanged');
      return;
    }
    const input: SaveInput = { ...ref, write_id: crypto.randomUUID(), ...changed };
    if (published) {
      if (reason.trim().length < 3) {
        setReasonError(t('exammarks.reasonNeeded'));
        return;
      }
      input.amendment_reason = reason.trim();
    }
    // The shared schema of the save (the server's): a list it refuses is never sent.
    const checked = saveMarksInput.safeParse(input);
    if (!checked.success) {
      setFeedback({ kind: 'error', text: localized(t, checked.error.issues[0].message) });
      return;
    }
    setReasonError(null);
    const keep = () => {
      void keepExamSave({ writeId: input.write_id, owner, examId, classId, input, createdAt: Date.now() });
      saved();
    };
    if (isOffline()) {
      keep();
      return;
    }
    saveCall.mutate(input, {
      onSuccess: (answer) => {
        reportNetworkWorks();
        const { replayed: _r, amended: _a, message: _m, ...sheet } = answer;
        utils.exams.marks.setData(ref, sheet);
        saved();
        say('success', 'exammarks.saved');
        sendKeptExamSavesSoon();
      },
      onError: (error) => {
        if (isNetworkFailure(error)) {
          reportNetworkFailure();
          keep();
          return;
        }
        setFeedback({ kind: 'error', text: refusalText(t, error) });
      },
    });
  };

  const dismissRefused = (save: ExamMarksSave) => {
    void dropExamSave(save.writeId);
  };

  let sync: SheetSync = null;
  if (waiting.length > 0) sync = 'kept';
  else if (synced) sync = 'synced';

  return {
    list, published, corrects, locked, entered, total, problems, hasChanges,
    textAt, remarkAt, problemAt, setCell, setRemark,
    reason, setReason: (text: string) => {
      setReasonError(null);
      setReason(text);
    },
    reasonError,
    feedback, dismissFeedback: () => setFeedback(null),
    sync, refused: refused.map((s) => ({ save: s, text: refusalText(t, s.refused!) })), dismissRefused,
    saving: saveCall.isPending, save,
  };
}

type ListOfOwner = { owner: string; examId: string; classId: string };
type Typed = { typed: Record<string, string>; remarks: Record<string, string>; reason: string };

/**
 * What is typed on a list, kept on the device as it changes (nothing typed: no draft): when the list
 * opens, the draft kept earlier is given back first (`restore`), and only then is the device written,
 * so the empty list of the first render never erases it.
 */
function useTypedKeptOnDevice(list: ListOfOwner, { typed, remarks, reason }: Typed, restore: (draft: Pick<ExamMarksDraft, 'cells' | 'remarks' | 'reason'>) => void) {
  const { owner, examId, classId } = list;
  const key = `${owner}|${examId}|${classId}`;
  const [restoredKey, setRestoredKey] = useState<string | null>(null);
  const restoreRef = useRef(restore);
  restoreRef.current = restore;
  useEffect(() => {
    let live = true;
    readExamDraft(owner, examId, classId).then((draft) => {
      if (!live) return;
      if (draft) restoreRef.current(draft);
      setRestoredKey(key);
    }, () => live && setRestoredKey(key));
    return () => {
      live = false;
    };
  }, [owner, examId, classId, key]);
  useEffect(() => {
    if (restoredKey !== key) return;
    const empty = Object.keys(typed).length === 0 && Object.keys(remarks).length === 0 && reason === '';
    const write = empty ? dropExamDraft(owner, examId, classId)
      : keepExamDraft({ owner, examId, classId, cells: typed, remarks, reason, updatedAt: Date.now() });
    write.catch(() => undefined); // the device database failed: what is typed stays on the screen
  }, [restoredKey, key, owner, examId, classId, typed, remarks, reason]);
}
