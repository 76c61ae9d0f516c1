/**
 * Styles for text that screen readers announce but nobody sees. Sizes are in px on purpose:
 * in MUI's `sx`, `width: 1` means 100%, which made such text as wide as its container and
 * pushed pages sideways on phones.
 */
export const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
