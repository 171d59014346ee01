// The host page of the Chromium test: a client with a real iframe, exposed as `window.latch`.
import { createFrameClient } from '../../host/client.js'
import type { FrameNotice } from '../../events/notices.js'
import type { FrameTimeoutKind } from '../../errors.js'

const frameUrl = new URLSearchParams(location.search).get('frame') ?? ''
const notices: FrameNotice[] = []
const timeouts: FrameTimeoutKind[] = []
const refused = { count: 0 }
const client = createFrameClient({
  frameUrl,
  projectId: 'project-1',
  chainId: 'eip155:31337',
  version: '0.0.0',
  mount: (src) => {
    const iframe = document.createElement('iframe')
    iframe.src = src
    iframe.id = 'latch-frame'
    document.body.append(iframe)
    const frameWindow = iframe.contentWindow
    if (!frameWindow) throw new Error('the iframe has no window')
    return { window: frameWindow, remove: () => iframe.remove() }
  },
  onNotice: (notice) => notices.push(notice),
  onTimeout: (kind) => timeouts.push(kind),
  onRefused: () => (refused.count += 1),
})
client.load()
Object.assign(window, { latch: { client, notices, timeouts, refused } })
