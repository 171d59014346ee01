import { AUTH_CONNECTOR_ID } from '../../auth/auth-connector.js'
import { LatchError } from '../../errors/latch-error.js'
import type { ConnectHelperResult } from '../../machines/connection.selectors.js'
import type { SocialProvider } from '../../router/routes.js'
import { currentConnection } from '../connected.js'
import { defineFlow, type HostContext } from '../flow.js'
import type { SocialRefs } from './social.runtime.js'
import { socialPopupUrl } from './social-popup-url.js'
import { socialProviderSchema } from './social-provider.js'

/**
 * Social login (issue 12): a popup opened in the visitor's click goes to the provider, the
 * secure frame waits for the Latch server's result (never through the host page), and the
 * embedded wallet connects as the AUTH connector. A run starts from the click
 * (`latch.connectSocial`, a START_FLOW carrying the popup), or when ConnectingSocial is opened
 * (`latch.open({ route })`, which opens a popup itself). Leaving the view closes the popup.
 * In a mini app (issue 29, SPEC §2) no popup opens: the page itself goes to the provider and
 * comes back with `result_uri`, which the flow reads when the instance first runs.
 */
export const socialFlow = defineFlow({
  id: 'connectingSocial',
  views: ['ConnectingSocial'],
  load: () => import('./social.runtime.js').then((m) => m.socialRuntime),
  host: (context: HostContext<object, SocialRefs>) => ({
    /**
     * The social login's machine: the ConnectingSocial view's run. Read it with
     * `selectSocialLogin`. `undefined` while no login runs.
     */
    get socialLogin() {
      return context.runRefs().socialLogin
    },
    /**
     * Issue 12 page helper: logs in with a social provider (google, x, discord, github, apple,
     * facebook). Call it in the visitor's click handler: it opens the popup at once, before
     * anything else, so popup blockers let it through, on the Latch server's loading page; then
     * the ConnectingSocial view shows (the modal opens) and its run sends the popup to the
     * provider, waits for the result through the secure frame, and connects the embedded wallet.
     * Resolves once connected (at once when the embedded wallet already is); rejects with the
     * login's failure (SOCIAL_POPUP_BLOCKED, the SPEC §8 text the frame gave,
     * SOCIAL_LOGIN_FAILED), USER_REJECTED when the modal closes first, or FEATURE_NOT_AVAILABLE
     * for a provider this instance does not offer (`features.socials`, a `serverUrl` and a
     * project id).
     */
    connectSocial(provider: SocialProvider): Promise<ConnectHelperResult> {
      const current = currentConnection(context.children, AUTH_CONNECTOR_ID)
      if (current) return Promise.resolve(current)
      const { socials } = context.features()
      const { socialPopup } = context.io
      const offered =
        socialProviderSchema.safeParse(provider).success &&
        socials !== false &&
        socials.includes(provider)
      if (!offered || !socialPopup) {
        const feature = `features.socials.${String(provider)}`
        return Promise.reject(new LatchError('FEATURE_NOT_AVAILABLE', { values: { feature } }))
      }
      // A mini app opens no popup (issue 29): the run leaves the page for the provider.
      if (socialPopup.page.isMiniApp()) {
        return (async () => {
          await context.ready()
          const { socialConnected } = await import('./social.runtime.js')
          context.startFlow('connectingSocial', { provider })
          return socialConnected(context.children, context.runRefs().socialLogin)
        })()
      }
      // Opened here, in the visitor's click and before any await, so popup blockers let it
      // through, on the loading page (an instance not running yet opens a blank window and
      // sends it there once it runs); the run takes it from there.
      const running = context.isRunning()
      const loadingPage = socialPopupUrl(socialPopup.serverUrl)
      const popup = socialPopup.open(running ? loadingPage : 'about:blank')
      return (async () => {
        await context.ready().catch((error: unknown) => {
          popup?.close()
          throw error
        })
        if (!running) popup?.location.replace(loadingPage)
        const { socialConnected } = await import('./social.runtime.js')
        context.startFlow('connectingSocial', { provider, popup })
        return socialConnected(context.children, context.runRefs().socialLogin)
      })()
    },
  }),
  messages: ['view.ConnectingSocial.'],
})
