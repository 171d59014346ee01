import { fromCallback } from 'xstate'
import { socialPopupReadySchema, type SocialBindMessage } from '../../api/social.js'
import type { SocialLoginEvent } from './social-login.types.js'
import type { PopupMessages, SocialPopup } from './social-popup.js'

// Issue 29: the host hands the popup's first page the flow's binding, so the flow finishes only
// in this browser. Posted to the Latch server's origin alone (a popup already at the provider,
// or anywhere else, drops it), at once and again each time the page says it listens: the page
// may load before the frame answered, or after.

/** Where the popup's page is and whose flow it binds. */
export interface PopupChannel {
  /** The Latch server's URL: the page's origin, the only one the binding is posted to. */
  serverUrl: string
  projectId: string
  listen: PopupMessages
}

/** The login's popup, its provider URL and the binding the frame gave with it. */
export interface BindPopupInput {
  popup: SocialPopup
  uri: string
  binding: string
}

/** Posts the binding to the popup's page while the login waits for the provider. */
export function bindPopupLogic(channel: PopupChannel) {
  const origin = new URL(channel.serverUrl).origin
  return fromCallback<SocialLoginEvent, BindPopupInput>(({ input }) => {
    const message: SocialBindMessage = {
      type: 'latch:social-bind',
      binding: input.binding,
      uri: input.uri,
      projectId: channel.projectId,
    }
    const post = () => {
      try {
        input.popup.postMessage(message, origin)
      } catch {
        // A popup closed meanwhile: its watcher says so.
      }
    }
    post()
    return channel.listen((heard) => {
      if (heard.source !== input.popup || heard.origin !== origin) return
      if (socialPopupReadySchema.safeParse(heard.data).success) post()
    })
  })
}
