/**
 * A button whose label may run longer than a phone is wide (Malayalam and Tamil words are long): the
 * label wraps onto more lines and the button grows, rather than the text overflowing it. On one line
 * the button keeps its own height, its label centred; it is never wider than its container.
 */
export const WRAPPING_BUTTON_STYLES = {
  root: { height: 'auto', minHeight: 'var(--button-height)', maxWidth: '100%', display: 'flex', flexDirection: 'column', justifyContent: 'center' },
  inner: { height: 'auto', paddingBlock: 6 },
  label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 },
} as const;
