// The host page of the Chromium test: the protocol's client with a real, visible iframe of the
// secure frame (as the ApproveTransaction view would show it), exposed as `window.latch`.
import { createFrameClient } from '@latch/frame/client'
import type { FrameNotice } from '@latch/frame'

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
Object.assign(window, { latch: { client, notices, refused } })
