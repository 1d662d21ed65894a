/** The child safety card's address (its editing screen is `.../card/edit`, SafetyCardPage). */
export const safetyCardPath = (studentId: string) => `/students/${encodeURIComponent(studentId)}/card`;
