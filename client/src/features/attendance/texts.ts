/** How long the success message stays. */
export const SUCCESS_MESSAGE_MS = 3_000;
