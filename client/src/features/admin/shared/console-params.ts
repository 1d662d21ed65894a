/** Reading the console lists' choices back from the address (useAddressParams). */

/** ?page=N: a whole number above 1, otherwise the first page (which the address leaves out). */
export const pageParam = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page > 1 ? page : 1;
};

/** The address value of a page: none for the first page, so filters alone make the list's address. */
export const pageValue = (page: number) => (page > 1 ? String(page) : null);

/** ?key=value when `value` is one of `allowed`, otherwise no filter. */
export const choiceParam = <T extends string>(allowed: readonly T[], value: string | null): T | undefined =>
  (allowed as readonly string[]).includes(value ?? '') ? value as T : undefined;
