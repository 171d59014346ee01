import type { LatchTheme } from '@latch/core'

/** SPEC §9 animation timings. */
export const ANIMATION_MS = { headerText: 120, modalHeight: 150, viewTransition: 150 } as const
/** SPEC §9: modal width 360 px. */
export const MODAL_WIDTH_PX = 360

/**
 * The theme's variables as CSS custom properties (SPEC §3 theme sync), set on the `.latch-root`
 * of each shadow root Latch draws in (the modal's and the ConnectButton's): the stylesheet
 * derives its colours, sizes and font from them there.
 */
export function themeStyle(theme: Pick<LatchTheme, 'themeVariables'>): Record<string, string> {
  const style: Record<string, string> = { '--latch-modal-width': `${MODAL_WIDTH_PX}px` }
  for (const [name, value] of Object.entries(theme.themeVariables)) {
    if (value !== undefined) style[name] = String(value)
  }
  return style
}
