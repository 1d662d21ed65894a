import { Navigate, Route, Routes } from 'react-router-dom';
import { useCan } from '../auth';
import { SafetyCardEditPage } from './SafetyCardEditPage';
import { SafetyCardView } from './SafetyCardView';

/**
 * The card's screens under `/students/<id>/card`: the card, and its editing screen at `edit`, routed
 * here rather than in the app's first chunk (one route there: /students/:id/card/*). Readers are
 * routed by the app (viewSafetyCards); editing is for those who manage students, others go back to
 * the card.
 */
export function SafetyCardPage() {
  const canEdit = useCan('manageStudents');
  return (
    <Routes>
      <Route index element={<SafetyCardView />} />
      <Route path="edit" element={canEdit ? <SafetyCardEditPage /> : <Navigate to=".." relative="path" replace />} />
      <Route path="*" element={<Navigate to=".." relative="path" replace />} />
    </Routes>
  );
}
