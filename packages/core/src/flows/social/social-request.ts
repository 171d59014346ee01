import * as z from 'zod/mini'
import { socialProviderSchema } from './social-provider.js'
import type { SocialPopup } from './social-popup.js'

/** A popup as a request carries it: an object a window answers for (checked at the boundary). */
const popupSchema = z.custom<SocialPopup>(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    'close' in value &&
    typeof value.close === 'function' &&
    'postMessage' in value &&
    typeof value.postMessage === 'function' &&
    'location' in value,
)

/**
 * What starts a social login without its view (START_FLOW, from `latch.connectSocial`): the
 * provider, and the popup opened in the visitor's click (`null`: the browser blocked it).
 */
export const socialRequestSchema = z.object({
  provider: socialProviderSchema,
  popup: z.optional(z.nullable(popupSchema)),
})
