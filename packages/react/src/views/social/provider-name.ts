import type { SocialProvider } from '@latch/core'
import type { MessageKey } from '../../i18n/translator.js'

/** The catalogue key of a provider's name ("GitHub"), for the buttons and the view. */
export const providerNameKey = (provider: SocialProvider): MessageKey =>
  `view.ConnectingSocial.provider.${provider}`
