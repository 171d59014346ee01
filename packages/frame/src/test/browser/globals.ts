import type { FrameTimeoutKind } from '../../errors.js'
import type { FrameNotice } from '../../events/notices.js'
import type { FrameEndpoint } from '../../frame/endpoint.js'
import type { FrameClient } from '../../host/client.js'

// What the Chromium test's pages put on `window` (host-entry.ts, frame-entry.ts).
declare global {
  interface Window {
    latch: {
      client: FrameClient
      notices: FrameNotice[]
      timeouts: FrameTimeoutKind[]
      refused: { count: number }
    }
    latchEndpoint: FrameEndpoint
    reportedParent: string | undefined
  }
}
