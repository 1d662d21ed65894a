/** The twelve months by name, January first. */
export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September',
  'October', 'November', 'December'] as const;

/** The months as pickers offer them: value '01'…'12', label 'January'… */
export const MONTH_OPTIONS = MONTH_NAMES.map((label, i) => ({ value: String(i + 1).padStart(2, '0'), label }));

/** 'September' for '09' (the value itself when it is not a month). */
export const monthName = (month: string) => MONTH_NAMES[Number(month) - 1] ?? month;
