import type { ResolvedOptions } from '@latch/core'

/** SPEC §9 animation timings. */
export const ANIMATION_MS = { headerText: 120, modalHeight: 150, viewTransition: 150 } as const
/** SPEC §9: modal width 360 px. */
export const MODAL_WIDTH_PX = 360

/** The host's themeVariables as CSS custom properties on the shadow host (SPEC §3 theme sync). */
export function themeStyle(
  options: Pick<ResolvedOptions, 'themeVariables'>,
): Record<string, string> {
  const style: Record<string, string> = { '--latch-modal-width': `${MODAL_WIDTH_PX}px` }
  for (const [name, value] of Object.entries(options.themeVariables)) {
    if (value !== undefined) style[name] = String(value)
  }
  return style
}
