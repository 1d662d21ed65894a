/** A guardian the consent dialogs offer: the child's card's guardians, in order. */
export interface ConsentGuardian { id: string; name: string; relation: string }

/** What each consent dialog of a child's card receives: the child, their guardians, and how to close it. */
export interface ConsentDialogProps { studentId: string; guardians: ConsentGuardian[]; onClose: () => void }
