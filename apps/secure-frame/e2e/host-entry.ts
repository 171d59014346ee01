// The host page of the Chromium test: the protocol's client with a real, visible iframe of the
// secure frame (as the ApproveTransaction view would show it), exposed as `window.latch`, and a
// social login button that drives the popup as a host does (issue 12).
import { SOCIAL_POPUP_PATH } from '@latch/core/api'
import { createFrameClient } from '@latch/frame/client'
import type { FrameNotice, FrameUser } from '@latch/frame'

const params = new URLSearchParams(location.search)
const notices: FrameNotice[] = []
const refused = { count: 0 }
const client = createFrameClient({
  frameUrl: params.get('frame') ?? '',
  projectId: params.get('projectId') ?? '',
  chainId: 'eip155:31337',
  version: '0.0.0',
  mount: (src) => {
    const iframe = document.createElement('iframe')
    iframe.src = src
    iframe.id = 'latch-frame'
    iframe.style.cssText = 'width:360px;height:400px;border:0'
    document.body.append(iframe)
    const frameWindow = iframe.contentWindow
    if (!frameWindow) throw new Error('the iframe has no window')
    return { window: frameWindow, remove: () => iframe.remove() }
  },
  onNotice: (notice) => notices.push(notice),
  onRefused: () => (refused.count += 1),
})
client.load()

// The popup opens on the click itself (so no blocker stops it), on the frame's loading page;
// the frame gives the provider's URI and the flow's binding, the host posts both to the page
// (to the frame's origin only, again whenever the page says it listens: issue 29), the page
// binds the flow to this browser and goes on to the provider, and the frame alone learns the
// result. Nothing is read from the popup.
const social: { user?: FrameUser; error?: string } = {}
const button = document.createElement('button')
button.textContent = 'Continue with GitHub'
button.addEventListener('click', () => {
  const frameOrigin = new URL(params.get('frame') ?? '').origin
  const popupUrl = `${frameOrigin}${SOCIAL_POPUP_PATH}`
  const popup = window.open(popupUrl, 'latch-social', 'popup,width=480,height=640')
  if (!popup) {
    social.error = 'The popup was blocked'
    return
  }
  client
    .request('GET_SOCIAL_REDIRECT_URI', { provider: 'github' })
    .then(({ uri, binding }) => {
      const bind = {
        type: 'latch:social-bind',
        binding,
        uri,
        projectId: params.get('projectId') ?? '',
      }
      popup.postMessage(bind, frameOrigin)
      window.addEventListener('message', (event) => {
        if (event.source === popup && event.origin === frameOrigin)
          popup.postMessage(bind, frameOrigin)
      })
      return client.request('CONNECT_SOCIAL', { uri })
    })
    .then(
      (user) => (social.user = user),
      (error: unknown) => (social.error = String(error)),
    )
})
document.body.append(button)
Object.assign(window, { latch: { client, notices, refused, social } })
