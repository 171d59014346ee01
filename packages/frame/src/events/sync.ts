import * as z from 'zod/mini'
import { defineEvent } from './define.js'
import { emptySchema, textSchema, themeModeSchema } from './primitives.js'

/** The host's state the frame mirrors (its look, the app it works for), and a reload. */
export const syncEvents = {
  /** The host's theme, so the frame's approval UI matches the modal. */
  SYNC_THEME: /* @__PURE__ */ defineEvent(
    z.object({
      themeMode: z.optional(themeModeSchema),
      themeVariables: z.optional(z.record(z.string(), z.union([z.string(), z.number()]))),
    }),
    emptySchema,
  ),
  /** Who the frame works for: shown in its approval UI and sent with its server calls. */
  SYNC_DAPP_DATA: /* @__PURE__ */ defineEvent(
    z.object({
      metadata: z.optional(
        z.object({
          name: z.string(),
          description: z.string(),
          url: z.string(),
          icons: z.array(z.string()),
        }),
      ),
      sdkVersion: textSchema,
      sdkType: textSchema,
      projectId: textSchema,
    }),
    emptySchema,
  ),
  /** Reloads the frame: it answers, then reloads and sends READY again. */
  RELOAD: /* @__PURE__ */ defineEvent(emptySchema, emptySchema),
}
