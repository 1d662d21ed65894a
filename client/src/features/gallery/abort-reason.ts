/** Why an aborted step stopped, as an Error: the controller's reason, or an AbortError. */
export const abortReason = (signal: AbortSignal): Error =>
  (signal.reason instanceof Error ? signal.reason : new DOMException('Cancelled.', 'AbortError'));
