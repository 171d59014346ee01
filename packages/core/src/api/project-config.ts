// SPEC §7 `GET /appkit/v1/config` on its own: the runtime chunk reads a project's remote features
// with it (options/remote-features.ts), and importing provider.ts for it would bring the
// directory's schemas into that chunk too.
import * as z from 'zod/mini'

/**
 * SPEC §7 `GET /appkit/v1/config`: the project's features (SPEC §3 "Remote feature flags"). Only
 * `features` is documented. Extra fields are allowed (the service may grow); the fields read must
 * have the right types, or the whole response is distrusted.
 */
export const projectConfigSchema = z.looseObject({
  features: z.array(
    z.looseObject({
      id: z.string(),
      isEnabled: z.boolean(),
      config: z.nullish(z.array(z.string())),
    }),
  ),
})

export type ProjectConfig = z.output<typeof projectConfigSchema>
